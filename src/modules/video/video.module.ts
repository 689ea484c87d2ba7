import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { VideoDataService } from './video-data.service';
import { VideoPlatformClient } from './video-platform.client';
import { VideoRepository } from './video.repository';
import { VideoThumbnailController } from './video-thumbnail.controller';
import { VideoThumbnailService } from './video-thumbnail.service';

/**
 * Videos (SPEC §3 "Video data", §4 Video, §7): their data (stored, overlaid by the platform's data
 * API), their VideoObject, and the thumbnails the site serves in the platform's place.
 */
@Module({
  imports: [HttpModule],
  controllers: [VideoThumbnailController],
  providers: [VideoRepository, VideoPlatformClient, VideoDataService, VideoThumbnailService],
  exports: [VideoDataService],
})
export class VideoModule {}
