import { Module } from '@nestjs/common';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';
import { MapTileService } from './map-tiles.service';

/**
 * Generated packshots and brand logos (no image files): see media.service.ts and media-urls.ts; map tiles
 * fetched and cached by the site (video thumbnails are the video module's).
 */
@Module({
  controllers: [MediaController],
  providers: [MediaRepository, MediaService, MapTileService],
  exports: [MediaService],
})
export class MediaModule {}
