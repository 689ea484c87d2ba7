import { Kysely, sql } from 'kysely';

/**
 * The stored video data (SPEC §3 "Video data": title, description, publish date, duration, view
 * count, thumbnails), one row per video of the content pack (content/media/videos.json) and its
 * texts per language, in the shapes of the video platform's data API. It is what the pages show and
 * put in VideoObject when the platform is not configured or fails (docs/architecture.md "Video
 * data"), and the list of videos whose thumbnail the site serves (/media/video/{id}.jpg).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table video (
      id text primary key check (id ~ '^[A-Za-z0-9_-]{11}$'),
      published_at timestamptz not null,
      duration text not null check (duration ~ '^P(\\d+D)?T(\\d+H)?(\\d+M)?(\\d+S)?$'),
      view_count bigint check (view_count >= 0),
      thumbnails jsonb not null default '{}'::jsonb,
      updated_at timestamptz not null default now()
    );
    create table video_translation (
      video_id text not null references video (id) on delete cascade,
      locale text not null,
      title text not null check (length(title) between 1 and 200),
      description text not null default '',
      primary key (video_id, locale)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table video_translation;
    drop table video;
  `.execute(db);
}
