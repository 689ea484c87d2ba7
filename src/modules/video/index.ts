/** The video feature's public face: the module and the video data other features show. */
export { VideoModule } from './video.module';
export { VideoDataService } from './video-data.service';
export type { VideoData } from './video.types';
