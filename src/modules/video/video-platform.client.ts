import { HttpService } from '@nestjs/axios';
import { Inject, Injectable } from '@nestjs/common';
import { firstValueFrom } from 'rxjs';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config/app.config';
import type { PlatformVideo } from './video.types';

const thumbnail = z.object({ url: z.url(), width: z.number().optional(), height: z.number().optional() });
const text = z.string().max(10000);

/** `GET videos?part=snippet,contentDetails,statistics&id=…` (YouTube Data API v3), the parts the site reads. */
const videosAnswer = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      snippet: z.object({
        publishedAt: z.iso.datetime({ offset: true }),
        title: text,
        description: text.default(''),
        thumbnails: z.record(z.string(), thumbnail).default({}),
        localized: z.object({ title: text, description: text.default('') }).optional(),
      }),
      contentDetails: z.object({ duration: z.string().regex(/^P(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/) }),
      // Hidden by the channel: no viewCount.
      statistics: z
        .object({
          viewCount: z
            .string()
            .regex(/^\d{1,18}$/)
            .optional(),
        })
        .optional(),
    }),
  ),
});

/** `GET playlistItems?part=snippet&playlistId=…`: the items in playlist order. */
const playlistAnswer = z.object({
  items: z.array(z.object({ snippet: z.object({ resourceId: z.object({ videoId: z.string().optional() }) }) })),
});

/** A video id as the site accepts it (the thumbnail route, the embeds). */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video platform's public data API (SPEC §7 third parties), behind @nestjs/axios with a timeout:
 * the playlist's items (part=snippet), then a video's snippet, contentDetails and statistics. The key
 * travels in the query string, as the platform requires; it is never written to a log (errors carry
 * the status or the cause, never the URL). Any failure (network, timeout, an answer that is not what
 * the platform documents) throws: the caller decides what the page shows instead.
 */
@Injectable()
export class VideoPlatformClient {
  constructor(
    private readonly http: HttpService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get configured(): boolean {
    return !!this.config.VIDEO_API_KEY;
  }

  /** One video, its texts in `language` where the channel translated them (`hl`); null when the platform has no such video. */
  async video(id: string, language: string): Promise<PlatformVideo | null> {
    const answer = videosAnswer.safeParse(
      await this.get('videos', { part: 'snippet,contentDetails,statistics', id, hl: language }),
    );
    if (!answer.success) throw new Error(`videos: unexpected answer (${answer.error.issues[0]?.path.join('.')})`);
    const item = answer.data.items.find((i) => i.id === id);
    if (!item) return null;
    const { snippet } = item;
    return {
      id,
      title: snippet.localized?.title || snippet.title,
      description: snippet.localized?.description ?? snippet.description,
      publishedAt: new Date(snippet.publishedAt).toISOString(),
      duration: item.contentDetails.duration,
      viewCount: item.statistics?.viewCount === undefined ? null : Number(item.statistics.viewCount),
      thumbnails: snippet.thumbnails,
    };
  }

  /** The id of the playlist's first item (SPEC §7), or null for an empty playlist. */
  async firstPlaylistVideo(playlistId: string): Promise<string | null> {
    const answer = playlistAnswer.safeParse(
      await this.get('playlistItems', { part: 'snippet', playlistId, maxResults: '1' }),
    );
    if (!answer.success) throw new Error('playlistItems: unexpected answer');
    const id = answer.data.items[0]?.snippet.resourceId.videoId;
    if (id !== undefined && !VIDEO_ID.test(id)) throw new Error('playlistItems: not a video id');
    return id ?? null;
  }

  private async get(resource: 'videos' | 'playlistItems', params: Record<string, string>): Promise<unknown> {
    const key = this.config.VIDEO_API_KEY;
    if (!key) throw new Error('no VIDEO_API_KEY');
    try {
      const response = await firstValueFrom(
        this.http.get<unknown>(`${this.config.VIDEO_API_URL}/${resource}`, {
          params: { ...params, key },
          timeout: this.config.VIDEO_API_TIMEOUT_MS,
          maxRedirects: 0,
          maxContentLength: 1024 * 1024,
          responseType: 'json',
          validateStatus: () => true,
        }),
      );
      if (response.status !== 200) throw new Error(`${resource} answered ${response.status}`);
      return response.data;
    } catch (error) {
      // Axios errors carry the request (and so the key) in `config`: only the message goes on.
      const message = (error as { code?: string }).code === 'ECONNABORTED' ? 'timed out' : (error as Error).message;
      throw new Error(message.startsWith(resource) ? message : `${resource}: ${message}`);
    }
  }
}
