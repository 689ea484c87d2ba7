import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { VideoObject, WithContext } from 'schema-dts';
import { videoPlayerUrl, videoThumbnailUrl } from '../../../contracts/video';
import { AppCache } from '../../cache/app-cache.service';
import { videoObjectJsonLd } from '../../common/seo/json-ld';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import { VideoPlatformClient } from './video-platform.client';
import { VideoRepository } from './video.repository';
import type { PlatformVideo, VideoData } from './video.types';

/** What the platform said, and when it was last asked. */
interface PlatformEntry<T> {
  value: T | null;
  checkedAt: number;
  /** false: the last attempt failed (`value` is then the last good answer, if any). */
  ok: boolean;
}

/** Platform answers are kept this long, so that an outage serves the last good data. */
const KEEP_SECONDS = 7 * 24 * 3600;
/** After a failed attempt the platform is asked again after this long at the latest. */
const RETRY_MS = 5 * 60 * 1000;

/**
 * Video data (SPEC §3 "Video data", §7 video platform, §8): the stored copy of the content pack
 * (content/media/videos.json), overlaid by the platform's data API when VIDEO_API_KEY is set.
 *
 * Platform answers are cached (AppCache: shared by the replicas with Redis) and refreshed in the
 * background once older than VIDEO_DATA_REFRESH_SECONDS: a page waits for the platform only the
 * first time a video is asked (at most VIDEO_API_TIMEOUT_MS), never for a refresh. A failure is
 * logged (warn) and the page goes on with the last good answer, or the stored data; it is tried again
 * after 5 minutes.
 */
@Injectable()
export class VideoDataService implements OnApplicationBootstrap {
  private readonly logger = new Logger(VideoDataService.name);
  /** Keys being refreshed by this process (one refresh per key at a time). */
  private readonly refreshing = new Map<string, Promise<void>>();

  constructor(
    private readonly repository: VideoRepository,
    private readonly platform: VideoPlatformClient,
    private readonly cache: AppCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.platform.configured)
      this.logger.log('video data: no VIDEO_API_KEY, the stored video data of the content is used');
  }

  /** The data of each of `ids` the site knows (stored, or known to the platform), in order. */
  async videos(ids: string[], locale: string): Promise<VideoData[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const [stored, live] = await Promise.all([
      this.cache.getOrSet(`video:stored:${locale}:${unique.join(',')}`, () => this.repository.byIds(unique, locale)),
      Promise.all(
        unique.map((id) =>
          this.fromPlatform<PlatformVideo>(`video:platform:${id}:${locale}`, `video ${id}`, () =>
            this.platform.video(id, locale),
          ),
        ),
      ),
    ]);
    const byId = new Map(stored.map((video) => [video.id, video]));
    return unique.flatMap((id, i): VideoData[] => {
      const own = byId.get(id);
      const fresh = live[i];
      if (!fresh) return own ? [own] : [];
      // The platform's answer, with what it leaves out (a hidden view count…) from the stored copy.
      return [
        {
          ...fresh,
          description: fresh.description || own?.description || '',
          viewCount: fresh.viewCount ?? own?.viewCount ?? null,
          thumbnails: Object.keys(fresh.thumbnails).length ? fresh.thumbnails : (own?.thumbnails ?? {}),
          source: 'platform',
        },
      ];
    });
  }

  /**
   * The home page's news video: the first item of VIDEO_PLAYLIST_ID (SPEC §7) when the platform is
   * configured and answers, else the home content's own video.
   */
  async newsVideoId(contentVideoId: string): Promise<string> {
    const playlist = this.config.VIDEO_PLAYLIST_ID;
    if (!playlist) return contentVideoId;
    const first = await this.fromPlatform<string>(this.playlistKey(playlist), `playlist ${playlist}`, () =>
      this.platform.firstPlaylistVideo(playlist),
    );
    return first ?? contentVideoId;
  }

  /**
   * Whether the site shows this video: a video of the content, or the playlist's news video already
   * known. Decides the thumbnail route without asking the platform anything.
   */
  async isKnown(id: string): Promise<boolean> {
    const ids = await this.cache.getOrSet('video:ids', () => this.repository.ids());
    if (ids.includes(id)) return true;
    const playlist = this.config.VIDEO_PLAYLIST_ID;
    if (!playlist || !this.platform.configured) return false;
    const entry = await this.cache.peek<PlatformEntry<string>>(this.playlistKey(playlist));
    return entry?.value === id;
  }

  /** VideoObject (JSON-LD) of each video of `ids` the site knows; the thumbnail is the site's own. */
  async jsonLd(ids: string[], locale: string, origin: string): Promise<Array<WithContext<VideoObject>>> {
    return (await this.videos(ids, locale)).map((video) => this.toJsonLd(video, origin));
  }

  toJsonLd(video: VideoData, origin: string): WithContext<VideoObject> {
    return videoObjectJsonLd({
      name: video.title,
      description: video.description,
      thumbnailUrl: `${origin}${videoThumbnailUrl(video.id)}`,
      uploadDate: video.publishedAt,
      duration: video.duration,
      embedUrl: videoPlayerUrl(video.id),
      viewCount: video.viewCount,
    });
  }

  /** Waits for pending background refreshes (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.refreshing.values()]);
  }

  private playlistKey(playlist: string): string {
    return `video:playlist:${playlist}`;
  }

  /** The platform's cached answer; a cold key waits for one attempt, a stale one is refreshed behind. */
  private async fromPlatform<T>(key: string, what: string, load: () => Promise<T | null>): Promise<T | null> {
    if (!this.platform.configured) return null;
    const entry = await this.cache.getOrSet(key, () => this.attempt(what, load, null), KEEP_SECONDS);
    const age = Date.now() - entry.checkedAt;
    const refreshMs = this.config.VIDEO_DATA_REFRESH_SECONDS * 1000;
    if (age >= (entry.ok ? refreshMs : Math.min(RETRY_MS, refreshMs)) && !this.refreshing.has(key)) {
      const refresh = this.attempt(what, load, entry)
        .then((next) => this.cache.set(key, next, KEEP_SECONDS))
        .finally(() => this.refreshing.delete(key));
      this.refreshing.set(key, refresh);
    }
    return entry.value;
  }

  private async attempt<T>(
    what: string,
    load: () => Promise<T | null>,
    previous: PlatformEntry<T> | null,
  ): Promise<PlatformEntry<T>> {
    try {
      return { value: await load(), checkedAt: Date.now(), ok: true };
    } catch (error) {
      const instead = previous?.value != null ? 'the last data it gave' : 'the stored data';
      this.logger.warn(`video platform unavailable for ${what} (${(error as Error).message}); ${instead} is used`);
      return { value: previous?.value ?? null, checkedAt: Date.now(), ok: false };
    }
  }
}
