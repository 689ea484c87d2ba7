import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { sendRedirect } from '../../common/http/safe-redirect';
import { MediaService, type MediaResult } from './media.service';
import { MapTileService } from './map-tiles.service';
import { VideoThumbnailService } from './video-thumbnail.service';

/**
 * Generated images: `/media/product/:reference/:version/:size[.webp|.png]`, the gallery's other
 * visuals `/media/slide/:reference/:visual/:version/:size[.webp|.png]` and
 * `/media/brand/:key/:version/:size[.webp|.png]` and the editorial pictures
 * `/media/editorial/:motif/:palette/:version/:size[.webp|.png]`, and video thumbnails
 * `/media/video/:id.jpg`, and the store finder's map tiles `/media/tiles/:z/:x/:y.png`. Answers are images, 304, 301 or a small plain 404 —
 * never the HTML error page.
 */
@Controller('media')
export class MediaController {
  constructor(
    private readonly media: MediaService,
    private readonly videos: VideoThumbnailService,
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

  /** `/media/video/:id.jpg`: a video's thumbnail, fetched by the site (see VideoThumbnailService). */
  @Get('video/:file')
  async video(@Param('file') file: string, @Res() res: Response): Promise<void> {
    send(res, await this.videos.thumbnail(file));
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

function send(res: Response, result: MediaResult): void {
  switch (result.kind) {
    case 'image':
      res.status(200).set(result.headers).send(result.body);
      return;
    case 'not-modified':
      res.status(304).set(result.headers).end();
      return;
    case 'redirect':
      sendRedirect(res, 301, result.location);
      return;
    case 'not-found':
      res.status(404).set('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('Not Found');
  }
}
