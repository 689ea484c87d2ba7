import { Logger } from '@nestjs/common';
import { loadConfig } from '../../config/app.config';
import type { VideoDataService } from './video-data.service';
import { THUMBNAIL_CACHE_BYTES, VideoThumbnailService } from './video-thumbnail.service';

describe(VideoThumbnailService.name, () => {
  const ids = Array.from({ length: 30 }, (_, i) => `video${String(i).padStart(6, '0')}`);
  let fetchMock: jest.SpyInstance;
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    fetchMock = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        async () => new Response(new Uint8Array(400 * 1024), { headers: { 'content-type': 'image/jpeg' } }),
      );
  });
  afterEach(() => jest.restoreAllMocks());

  const make = () =>
    new VideoThumbnailService(loadConfig({ VIDEO_THUMBNAIL_ORIGIN: 'https://thumbs.example' }), {
      isKnown: async (id: string) => ids.includes(id),
    } as unknown as VideoDataService);

  it('a video the site does not show is a 404, without a request to the platform', async () => {
    const sut = make();
    await expect(sut.thumbnail('dQw4w9WgXcQ.jpg')).resolves.toEqual({ kind: 'not-found' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps at most its byte budget, least recently used out first', async () => {
    const sut = make();
    for (const id of ids) expect((await sut.thumbnail(`${id}.jpg`)).kind).toBe('image');
    expect(fetchMock).toHaveBeenCalledTimes(30);
    expect(sut.held.bytes).toBeLessThanOrEqual(THUMBNAIL_CACHE_BYTES);
    expect(sut.held.entries).toBe(Math.floor(THUMBNAIL_CACHE_BYTES / (400 * 1024)));
    // The newest is still held, the oldest was let go and is fetched again.
    await sut.thumbnail(`${ids[29]}.jpg`);
    expect(fetchMock).toHaveBeenCalledTimes(30);
    await sut.thumbnail(`${ids[0]}.jpg`);
    expect(fetchMock).toHaveBeenCalledTimes(31);
  });

  it('concurrent requests for a cold thumbnail share one fetch', async () => {
    const sut = make();
    await Promise.all([1, 2, 3, 4].map(() => sut.thumbnail(`${ids[3]}.jpg`)));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
