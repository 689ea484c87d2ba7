import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import type { VideoData } from './video.types';

/** The fallback language of the texts (SPEC §1: fallback language fr). */
const FALLBACK_LOCALE = 'fr';

/** SQL of the stored video data (migration 0020, content/media/videos.json). */
@Injectable()
export class VideoRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The stored videos among `ids`, texts in `locale` (else French). */
  async byIds(ids: string[], locale: string): Promise<VideoData[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('video as v')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('video_translation as t')
            .select(['t.title', 't.description'])
            .whereRef('t.video_id', '=', 'v.id')
            .where('t.locale', 'in', [locale, FALLBACK_LOCALE])
            .orderBy(sql`t.locale = ${locale}`, 'desc')
            .limit(1)
            .as('t'),
        (join) => join.onTrue(),
      )
      .select(['v.id', 'v.published_at', 'v.duration', 'v.view_count', 'v.thumbnails', 't.title', 't.description'])
      .where('v.id', 'in', ids)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      publishedAt: new Date(row.published_at).toISOString(),
      duration: row.duration,
      viewCount: row.view_count === null ? null : Number(row.view_count),
      thumbnails: row.thumbnails,
      source: 'stored' as const,
    }));
  }

  /** Every stored video's id (the videos whose thumbnail the site serves). */
  async ids(): Promise<string[]> {
    return (await this.db.selectFrom('video').select('id').orderBy('id').execute()).map((r) => r.id);
  }
}
