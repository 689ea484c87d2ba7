import 'reflect-metadata';
import { loadConfig } from '../../src/config/app.config';
import { migrateToLatest, openDatabase, type Database } from '../../src/database/database';
import { contentDir } from '../../src/database/seed/content';
import { loadVideos, seedVideos } from '../../src/database/seed/video.seed';
import { VideoRepository } from '../../src/modules/video/video.repository';

/** The stored video data's SQL against PGlite, and the PostgreSQL server with DATABASE_URL. */
describe(`VideoRepository on ${process.env.DATABASE_URL ? 'the PostgreSQL server' : 'PGlite'}`, () => {
  let db: Database;
  let sut: VideoRepository;
  const videos = loadVideos(contentDir())!;

  beforeAll(async () => {
    db = await openDatabase(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', DATABASE_URL: process.env.DATABASE_URL }),
    );
    await migrateToLatest(db);
    await seedVideos(db, contentDir());
    // Loading twice changes nothing (the seed is idempotent).
    await seedVideos(db, contentDir());
    sut = new VideoRepository(db);
  }, 120000);
  afterAll(async () => db?.destroy());

  it("gives each asked video's data with the texts of the language, leaving out unknown ids", async () => {
    const [first, second] = videos;
    const found = await sut.byIds([first.id, 'unknown0000', second.id], 'de');
    expect(found.map((v) => v.id).sort()).toEqual([first.id, second.id].sort());
    const one = found.find((v) => v.id === first.id)!;
    expect(one).toEqual({
      id: first.id,
      title: first.texts.de.title,
      description: first.texts.de.description,
      publishedAt: new Date(first.published_at).toISOString(),
      duration: first.duration,
      viewCount: first.view_count,
      thumbnails: first.thumbnails,
      source: 'stored',
    });
  });

  it('falls back to the French texts for a language the video has none in', async () => {
    const [video] = await sut.byIds([videos[0].id], 'it');
    expect(video.title).toBe(videos[0].texts.fr.title);
  });

  it('lists every stored id once', async () => {
    expect((await sut.ids()).sort()).toEqual(videos.map((v) => v.id).sort());
    expect(await sut.byIds([], 'fr')).toEqual([]);
  });
});
