import { Module } from '@nestjs/common';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';
import { MapTileService } from './map-tiles.service';
import { VideoThumbnailService } from './video-thumbnail.service';

/**
 * Generated packshots and brand logos (no image files): see media.service.ts and media-urls.ts; video
 * thumbnails and map tiles fetched and cached by the site.
 */
@Module({
  controllers: [MediaController],
  providers: [MediaRepository, MediaService, VideoThumbnailService, MapTileService],
  exports: [MediaService],
})
export class MediaModule {}
