import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Site } from '../../common/page/page.decorator';
import type { SiteContext } from '../shop';
import { ProductService } from './product.service';

/** Product documents (SPEC §3 "Media document"), rendered as PDF from the product's own texts. */
@Controller('documents')
export class DocumentController {
  constructor(private readonly products: ProductService) {}

  @Get(':file')
  async show(@Site() site: SiteContext, @Param('file') file: string, @Res() res: Response) {
    const pdf = await this.products.document(site, file);
    res
      .status(200)
      .type('application/pdf')
      .setHeader('Content-Disposition', `inline; filename="${file.replace(/[^a-z0-9._-]/gi, '')}"`)
      .setHeader('Cache-Control', 'public, max-age=86400')
      .send(pdf);
  }
}
