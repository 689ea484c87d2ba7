import { Controller, Delete, HttpCode, Param, Post, Put, Query, Req, Res, UseGuards, UsePipes } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiBearer, ApiBody, apiValidation, ParseIdPipe } from '../../common/api';
import { Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import type { VerifiedToken } from './api-token.service';
import { ContentWriteService, type WriteRequest } from './content-write.service';
import { WriteQueryDto } from './dto/write-query.dto';
import { JsonBody } from './json-body.decorator';
import { SettingCodePipe } from './setting-code.pipe';
import { Writes, WriteToken, WriteTokenGuard } from './write-token.guard';
import { WRITE_RESOURCES, type WriteResource } from './write-resources';

const request = (site: SiteContext, query: WriteQueryDto, token: VerifiedToken, req: Request): WriteRequest => ({
  site,
  query,
  actor: { tokenId: token.id, tokenName: token.name, requestId: req.id === undefined ? null : String(req.id) },
});

const created = (res: Response, resource: WriteResource, id: string) => {
  res.setHeader('Location', `/api/v1/${WRITE_RESOURCES[resource].path}/${encodeURIComponent(id)}`);
  return { data: { id: /^\d+$/.test(id) ? Number(id) : id } };
};

/**
 * The write API (SPEC §7 generic resource helper; issue 15): POST /{resource} (201, the new id and
 * Location), PUT /{resource}/{id} (200, the record), DELETE /{resource}/{id} (204), each behind a
 * bearer token with the resource's scope (WriteTokenGuard). One handler per call: thin, the rules in
 * ContentWriteService.
 */
@Controller('api/v1')
@ApiBearer()
@UseGuards(WriteTokenGuard)
@UsePipes(apiValidation)
export class ContentWriteController {
  constructor(private readonly writes: ContentWriteService) {}

  @Post('product')
  @Writes('products')
  @ApiBody(WRITE_RESOURCES.products.schema)
  async createProduct(
    @Site() site: SiteContext,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return created(res, 'products', (await this.writes.create('products', body, request(site, query, token, req))).id);
  }

  @Put('product/:id')
  @Writes('products')
  @ApiBody(WRITE_RESOURCES.products.schema)
  async updateProduct(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ) {
    return { data: await this.writes.update('products', String(id), body, request(site, query, token, req)) };
  }

  @Delete('product/:id')
  @HttpCode(204)
  @Writes('products')
  async deleteProduct(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ): Promise<void> {
    await this.writes.remove('products', String(id), request(site, query, token, req));
  }

  @Post('page')
  @Writes('pages')
  @ApiBody(WRITE_RESOURCES.pages.schema)
  async createPage(
    @Site() site: SiteContext,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return created(res, 'pages', (await this.writes.create('pages', body, request(site, query, token, req))).id);
  }

  @Put('page/:id')
  @Writes('pages')
  @ApiBody(WRITE_RESOURCES.pages.schema)
  async updatePage(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ) {
    return { data: await this.writes.update('pages', String(id), body, request(site, query, token, req)) };
  }

  @Delete('page/:id')
  @HttpCode(204)
  @Writes('pages')
  async deletePage(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ): Promise<void> {
    await this.writes.remove('pages', String(id), request(site, query, token, req));
  }

  @Post('need')
  @Writes('needs')
  @ApiBody(WRITE_RESOURCES.needs.schema)
  async createNeed(
    @Site() site: SiteContext,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return created(res, 'needs', (await this.writes.create('needs', body, request(site, query, token, req))).id);
  }

  @Put('need/:id')
  @Writes('needs')
  @ApiBody(WRITE_RESOURCES.needs.schema)
  async updateNeed(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ) {
    return { data: await this.writes.update('needs', String(id), body, request(site, query, token, req)) };
  }

  @Delete('need/:id')
  @HttpCode(204)
  @Writes('needs')
  async deleteNeed(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ): Promise<void> {
    await this.writes.remove('needs', String(id), request(site, query, token, req));
  }

  @Post('brands')
  @Writes('brands')
  @ApiBody(WRITE_RESOURCES.brands.schema)
  async createBrand(
    @Site() site: SiteContext,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return created(res, 'brands', (await this.writes.create('brands', body, request(site, query, token, req))).id);
  }

  @Put('brands/:id')
  @Writes('brands')
  @ApiBody(WRITE_RESOURCES.brands.schema)
  async updateBrand(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ) {
    return { data: await this.writes.update('brands', String(id), body, request(site, query, token, req)) };
  }

  @Delete('brands/:id')
  @HttpCode(204)
  @Writes('brands')
  async deleteBrand(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ): Promise<void> {
    await this.writes.remove('brands', String(id), request(site, query, token, req));
  }

  @Post('stores')
  @Writes('pharmacies')
  @ApiBody(WRITE_RESOURCES.pharmacies.schema)
  async createPharmacy(
    @Site() site: SiteContext,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return created(
      res,
      'pharmacies',
      (await this.writes.create('pharmacies', body, request(site, query, token, req))).id,
    );
  }

  @Put('stores/:id')
  @Writes('pharmacies')
  @ApiBody(WRITE_RESOURCES.pharmacies.schema)
  async updatePharmacy(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ) {
    return { data: await this.writes.update('pharmacies', String(id), body, request(site, query, token, req)) };
  }

  @Delete('stores/:id')
  @HttpCode(204)
  @Writes('pharmacies')
  async deletePharmacy(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ): Promise<void> {
    await this.writes.remove('pharmacies', String(id), request(site, query, token, req));
  }

  @Post('redirections')
  @Writes('redirections')
  @ApiBody(WRITE_RESOURCES.redirections.schema)
  async createRedirection(
    @Site() site: SiteContext,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return created(
      res,
      'redirections',
      (await this.writes.create('redirections', body, request(site, query, token, req))).id,
    );
  }

  @Put('redirections/:id')
  @Writes('redirections')
  @ApiBody(WRITE_RESOURCES.redirections.schema)
  async updateRedirection(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ) {
    return { data: await this.writes.update('redirections', String(id), body, request(site, query, token, req)) };
  }

  @Delete('redirections/:id')
  @HttpCode(204)
  @Writes('redirections')
  async deleteRedirection(
    @Site() site: SiteContext,
    @Param('id', ParseIdPipe) id: number,
    @Query() query: WriteQueryDto,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ): Promise<void> {
    await this.writes.remove('redirections', String(id), request(site, query, token, req));
  }

  @Post('settings')
  @Writes('settings')
  @ApiBody(WRITE_RESOURCES.settings.schema)
  async createSetting(
    @Site() site: SiteContext,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return created(res, 'settings', (await this.writes.create('settings', body, request(site, query, token, req))).id);
  }

  @Put('settings/:code')
  @Writes('settings')
  @ApiBody(WRITE_RESOURCES.settings.schema)
  async updateSetting(
    @Site() site: SiteContext,
    @Param('code', SettingCodePipe) id: string,
    @Query() query: WriteQueryDto,
    @JsonBody() body: object,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ) {
    return { data: await this.writes.update('settings', id, body, request(site, query, token, req)) };
  }

  @Delete('settings/:code')
  @HttpCode(204)
  @Writes('settings')
  async deleteSetting(
    @Site() site: SiteContext,
    @Param('code', SettingCodePipe) id: string,
    @Query() query: WriteQueryDto,
    @WriteToken() token: VerifiedToken,
    @Req() req: Request,
  ): Promise<void> {
    await this.writes.remove('settings', id, request(site, query, token, req));
  }
}
