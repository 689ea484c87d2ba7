import { Logger } from '@nestjs/common';
import { createCache } from 'cache-manager';
import { Keyv } from 'keyv';
import { AppCache } from '../../cache/app-cache.service';
import { loadConfig } from '../../config/app.config';
import { VideoDataService } from './video-data.service';
import type { VideoPlatformClient } from './video-platform.client';
import type { VideoRepository } from './video.repository';
import type { PlatformVideo, VideoData } from './video.types';

const ID = 'Tz4pLw8QnVk';
const stored: VideoData = {
  id: ID,
  title: 'Stored title',
  description: 'Stored description',
  publishedAt: '2026-09-18T08:00:00.000Z',
  duration: 'PT3M42S',
  viewCount: 100,
  thumbnails: { high: { url: 'https://i.ytimg.com/vi/x/hqdefault.jpg' } },
  source: 'stored',
};
const live = (title: string, viewCount: number | null = 5000): PlatformVideo => ({
  ...stored,
  title,
  description: '',
  viewCount,
  thumbnails: {},
});

describe(VideoDataService.name, () => {
  let now = Date.parse('2026-11-27T10:00:00Z');
  let warn: jest.SpyInstance;
  beforeEach(() => {
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  const make = (env: Record<string, string>, video: jest.Mock) => {
    const config = loadConfig({ VIDEO_DATA_REFRESH_SECONDS: '3600', ...env });
    const repository = {
      byIds: jest.fn(async (ids: string[]) => (ids.includes(ID) ? [stored] : [])),
      ids: jest.fn(async () => [ID]),
    } as unknown as VideoRepository;
    const platform = {
      configured: !!config.VIDEO_API_KEY,
      video,
      firstPlaylistVideo: jest.fn(async () => 'NewsVideo01'),
    } as unknown as VideoPlatformClient;
    const cache = new AppCache(createCache({ stores: [new Keyv()] }) as never, config);
    return { sut: new VideoDataService(repository, platform, cache, config), platform };
  };
  const KEY = { VIDEO_API_KEY: 'AIzaTestKeyForTheVideoPlatform0123456789' };

  it('without a key: the stored data, and the platform is never asked', async () => {
    const video = jest.fn();
    const { sut } = make({}, video);
    await expect(sut.videos([ID, 'unknown0000'], 'fr')).resolves.toEqual([stored]);
    await expect(sut.newsVideoId(ID)).resolves.toBe(ID);
    expect(video).not.toHaveBeenCalled();
  });

  it("with a key: the platform's data, completed from the stored copy (description, thumbnails)", async () => {
    const video = jest.fn(async () => live('Platform title'));
    const { sut } = make(KEY, video);
    const [data] = await sut.videos([ID], 'de');
    expect(data).toMatchObject({
      title: 'Platform title',
      description: 'Stored description',
      viewCount: 5000,
      thumbnails: stored.thumbnails,
      source: 'platform',
    });
    expect(video).toHaveBeenCalledWith(ID, 'de');
  });

  it('cached, then refreshed in the background once stale: the page never waits for the refresh', async () => {
    let title = 'First';
    const video = jest.fn(async () => live(title));
    const { sut } = make(KEY, video);
    expect((await sut.videos([ID], 'fr'))[0].title).toBe('First');
    title = 'Second';
    now += 3599_000;
    expect((await sut.videos([ID], 'fr'))[0].title).toBe('First');
    expect(video).toHaveBeenCalledTimes(1);
    now += 2000;
    // Stale: this answer is still the kept one, the refresh runs behind it.
    expect((await sut.videos([ID], 'fr'))[0].title).toBe('First');
    await sut.settled();
    expect(video).toHaveBeenCalledTimes(2);
    expect((await sut.videos([ID], 'fr'))[0].title).toBe('Second');
  });

  it('a failing platform: logged, the last good data kept, asked again after 5 minutes, not before', async () => {
    const video = jest.fn(async () => live('Good'));
    const { sut } = make(KEY, video);
    await sut.videos([ID], 'fr');
    video.mockRejectedValue(new Error('videos answered 503'));
    now += 3601_000;
    await sut.videos([ID], 'fr');
    await sut.settled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('videos answered 503'));
    expect((await sut.videos([ID], 'fr'))[0].title).toBe('Good');
    now += 299_000;
    await sut.videos([ID], 'fr');
    await sut.settled();
    expect(video).toHaveBeenCalledTimes(2);
    now += 2000;
    await sut.videos([ID], 'fr');
    await sut.settled();
    expect(video).toHaveBeenCalledTimes(3);
  });

  it('a platform failing from the start: the stored data', async () => {
    const video = jest.fn(async () => {
      throw new Error('timed out');
    });
    const { sut } = make(KEY, video);
    await expect(sut.videos([ID], 'fr')).resolves.toEqual([stored]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/timed out.*the stored data is used/));
  });

  it("the playlist's first video is the news video, and the thumbnail route knows it once seen", async () => {
    const video = jest.fn(async () => null);
    const { sut } = make({ ...KEY, VIDEO_PLAYLIST_ID: 'PLtestPlaylist01' }, video);
    await expect(sut.isKnown('NewsVideo01')).resolves.toBe(false);
    await expect(sut.newsVideoId(ID)).resolves.toBe('NewsVideo01');
    await expect(sut.isKnown('NewsVideo01')).resolves.toBe(true);
    await expect(sut.isKnown(ID)).resolves.toBe(true);
    await expect(sut.isKnown('aaaaaaaaaaa')).resolves.toBe(false);
  });

  it('VideoObject: the rich result properties, the thumbnail served by the site, views when known', () => {
    const { sut } = make({}, jest.fn());
    expect(sut.toJsonLd(stored, 'http://produits.localhost')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Stored title',
      description: 'Stored description',
      thumbnailUrl: [`http://produits.localhost/media/video/${ID}.jpg`],
      uploadDate: '2026-09-18T08:00:00.000Z',
      duration: 'PT3M42S',
      embedUrl: `https://www.youtube-nocookie.com/embed/${ID}`,
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'WatchAction' },
        userInteractionCount: 100,
      },
    });
    expect(sut.toJsonLd({ ...stored, viewCount: null, description: '' }, 'x')).not.toHaveProperty(
      'interactionStatistic',
    );
  });
});
