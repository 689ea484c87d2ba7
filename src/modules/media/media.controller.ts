import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { sendMediaResult as send } from './media-response';
import { MediaService } from './media.service';

/**
 * Generated images: `/media/product/:reference/:version/:size[.webp|.png]`, the gallery's other
 * visuals `/media/slide/:reference/:visual/:version/:size[.webp|.png]` and
 * `/media/brand/:key/:version/:size[.webp|.png]` and the editorial pictures
 * `/media/editorial/:motif/:palette/:version/:size[.webp|.png]` (video thumbnails, `/media/video/:id.jpg`,
 * are the video feature's). Answers are images, 304, 301 or a small plain 404 — never the HTML error page.
 */
@Controller('media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

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
