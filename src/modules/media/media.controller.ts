import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { sendMediaResult as send } from './media-response';
import { MediaService } from './media.service';
import { MapTileService } from './map-tiles.service';

/**
 * Generated images: `/media/product/:reference/:version/:size[.webp|.png]`, the gallery's other
 * visuals `/media/slide/:reference/:visual/:version/:size[.webp|.png]` and
 * `/media/brand/:key/:version/:size[.webp|.png]` and the editorial pictures
 * `/media/editorial/:motif/:palette/:version/:size[.webp|.png]`, and the store finder's map tiles
 * `/media/tiles/:z/:x/:y.png` (video thumbnails, `/media/video/:id.jpg`, are the video feature's). Answers
 * are images, 304, 301 or a small plain 404 — never the HTML error page.
 */
@Controller('media')
export class MediaController {
  constructor(
    private readonly media: MediaService,
    private readonly tiles: MapTileService,
  ) {}

  /** `/media/tiles/:z/:x/:y.png`: a map tile, fetched and cached by the site (see MapTileService). */
  @Get('tiles/:z/:x/:file')
  async tile(
    @Param('z') z: string,
    @Param('x') x: string,
    @Param('file') file: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.tiles.tile(z, x, file, ifNoneMatch));
  }

  @Get('product/:reference/:version/:file')
  async product(
    @Param('reference') reference: string,
    @Param('version') version: string,
    @Param('file') file: string,
    @Headers('accept') accept: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.media.product(reference, { version, file, accept, ifNoneMatch }));
  }

  @Get('slide/:reference/:visual/:version/:file')
  async slide(
    @Param('reference') reference: string,
    @Param('visual') visual: string,
    @Param('version') version: string,
    @Param('file') file: string,
    @Headers('accept') accept: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.media.slide(reference, visual, { version, file, accept, ifNoneMatch }));
  }

  @Get('brand/:key/:version/:file')
  async brand(
    @Param('key') key: string,
    @Param('version') version: string,
    @Param('file') file: string,
    @Headers('accept') accept: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.media.brand(key, { version, file, accept, ifNoneMatch }));
  }

  @Get('editorial/:motif/:palette/:version/:file')
  async editorial(
    @Param('motif') motif: string,
    @Param('palette') palette: string,
    @Param('version') version: string,
    @Param('file') file: string,
    @Headers('accept') accept: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.media.editorial(motif, palette, { version, file, accept, ifNoneMatch }));
  }
}
