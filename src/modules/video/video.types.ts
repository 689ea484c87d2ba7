import type { VideoThumbnail } from '../../database/schema';

export type { VideoThumbnail };

/**
 * What the site knows of a video (SPEC §3 "Video data"): from the video platform's data API when it is
 * configured and answers, else the content pack's stored copy. Feeds the pages and their VideoObject.
 */
export interface VideoData {
  id: string;
  title: string;
  description: string;
  /** ISO 8601 date and time. */
  publishedAt: string;
  /** ISO 8601 duration (PT3M42S). */
  duration: string;
  /** Unknown when the platform hides it and nothing was stored. */
  viewCount: number | null;
  thumbnails: Record<string, VideoThumbnail>;
  source: 'platform' | 'stored';
}

/** The platform's answer for one video, in the page's language where the channel translated it. */
export type PlatformVideo = Omit<VideoData, 'source'>;
