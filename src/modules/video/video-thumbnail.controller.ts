import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { sendMediaResult } from '../media';
import { VideoThumbnailService } from './video-thumbnail.service';

/** `/media/video/:id.jpg`: a video's thumbnail, fetched by the site (see VideoThumbnailService). */
@Controller('media')
export class VideoThumbnailController {
  constructor(private readonly thumbnails: VideoThumbnailService) {}

  @Get('video/:file')
  async video(@Param('file') file: string, @Res() res: Response): Promise<void> {
    sendMediaResult(res, await this.thumbnails.thumbnail(file));
  }
}
