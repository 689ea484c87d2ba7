import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../database';
import { describeIssues } from '../editorial-schema';

const thumbnail = z.strictObject({
  url: z.url({ protocol: /^https$/ }),
  width: z.int().positive().optional(),
  height: z.int().positive().optional(),
});
const texts = z.strictObject({ title: z.string().trim().min(1).max(200), description: z.string().max(5000) });

/**
 * One video of content/media/videos.json: what the video platform's data API says about it
 * (SPEC §3 "Video data"), kept with the content so that pages and their VideoObject have it when the
 * platform is not configured or fails. Texts per language, like the API's `snippet.localized`.
 */
export const storedVideoSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'an 11-character video id'),
  published_at: z.iso.datetime({ offset: true }),
  duration: z.string().regex(/^P(\d+D)?T(\d+H)?(\d+M)?(\d+S)?$/, 'an ISO 8601 duration (PT2M31S)'),
  view_count: z.int().nonnegative().nullable(),
  thumbnails: z.partialRecord(z.enum(['default', 'medium', 'high', 'standard', 'maxres']), thumbnail),
  texts: z.record(z.string().regex(/^[a-z]{2}$/), texts).refine((t) => Object.keys(t).length > 0, 'no language'),
});
export type StoredVideo = z.infer<typeof storedVideoSchema>;

/** Reads and checks content/media/videos.json (null when the pack has none); all problems at once. */
export function loadVideos(dir: string): StoredVideo[] | null {
  const file = join(dir, 'media/videos.json');
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`content: cannot read ${file}: ${(error as Error).message}`);
  }
  const parsed = z.array(storedVideoSchema).safeParse(raw);
  if (!parsed.success) throw new Error(describeIssues('media/videos.json', raw, parsed.error.issues).join('\n'));
  const seen = new Set<string>();
  for (const video of parsed.data) {
    if (seen.has(video.id)) throw new Error(`media/videos.json: video ${video.id} is listed twice`);
    seen.add(video.id);
  }
  return parsed.data;
}

/** Loads the pack's videos (idempotent: a video's row and texts are replaced). */
export async function seedVideos(db: Database, dir: string): Promise<{ videos: number } | null> {
  const videos = loadVideos(dir);
  if (!videos) return null;
  await db.transaction().execute(async (trx) => {
    for (const video of videos) {
      const row = {
        published_at: video.published_at,
        duration: video.duration,
        view_count: video.view_count,
        thumbnails: JSON.stringify(video.thumbnails),
      };
      await trx
        .insertInto('video')
        .values({ id: video.id, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, updated_at: sql`now()` }))
        .execute();
      await trx.deleteFrom('video_translation').where('video_id', '=', video.id).execute();
      await trx
        .insertInto('video_translation')
        .values(Object.entries(video.texts).map(([locale, t]) => ({ video_id: video.id, locale, ...t })))
        .execute();
    }
  });
  return { videos: videos.length };
}

/**
 * Every video the content embeds (the home pages' news video, the products' gallery video, the video
 * paragraphs) must have its stored data: it is the VideoObject's fallback, and the thumbnail route
 * serves only stored videos. Run once everything is loaded; names each missing one.
 */
export async function checkVideoReferences(db: Database): Promise<void> {
  const { rows } = await sql<{ place: string; id: string }>`
    select place, id from (
      select 'home ' || h.locale as place, h.content -> 'video' ->> 'embed' as id from home_content h
      union all
      select 'product ' || p.reference, p.caracteristics ->> 'embed_push_video' from product p
      union all
      select 'page ' || pg.key || ', paragraph ' || pa.key, pa.data ->> 'embed'
        from paragraph pa join page pg on pg.id = pa.page_id where pa.type = 'video'
    ) used
    where id is not null and not exists (select 1 from video v where v.id = used.id)
    order by place
  `.execute(db);
  if (rows.length)
    throw new Error(
      `content: videos without stored data in media/videos.json:\n${rows.map((r) => `  ${r.place}: ${r.id}`).join('\n')}`,
    );
}
