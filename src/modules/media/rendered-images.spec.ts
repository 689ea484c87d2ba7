import { RENDERED_BYTES, RENDERED_ENTRIES, RenderedImages } from './rendered-images';

const image = (bytes: number) => () => Promise.resolve(Buffer.alloc(bytes));

describe(RenderedImages.name, () => {
  it('renders an image once and serves it from memory after', async () => {
    const sut = new RenderedImages();
    const render = jest.fn(image(10));
    const first = await sut.get('a', render);
    expect(await sut.get('a', render)).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('evicts the least recently used image beyond its count', async () => {
    const sut = new RenderedImages(2);
    await sut.get('a', image(1));
    await sut.get('b', image(1));
    await sut.get('a', image(1));
    await sut.get('c', image(1));
    const renderB = jest.fn(image(1));
    const renderA = jest.fn(image(1));
    await sut.get('a', renderA);
    await sut.get('b', renderB);
    expect(renderA).not.toHaveBeenCalled();
    expect(renderB).toHaveBeenCalledTimes(1);
    expect(sut.size).toBe(2);
  });

  it('keeps the total size under its byte bound, and does not keep an image larger than all of it', async () => {
    const sut = new RenderedImages(100, 10);
    await sut.get('a', image(6));
    await sut.get('b', image(6));
    expect(sut.size).toBe(1);
    expect(sut.totalBytes).toBe(6);
    expect((await sut.get('huge', image(11))).length).toBe(11);
    expect(sut.size).toBe(1);
    const again = jest.fn(image(11));
    await sut.get('huge', again);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('shares one rendering between concurrent requests for the same image', async () => {
    const sut = new RenderedImages();
    let finish: (body: Buffer) => void = () => undefined;
    const render = jest.fn(() => new Promise<Buffer>((resolve) => (finish = resolve)));
    const answers = Promise.all([sut.get('a', render), sut.get('a', render), sut.get('a', render)]);
    finish(Buffer.from('png'));
    const [one, two, three] = await answers;
    expect(render).toHaveBeenCalledTimes(1);
    expect(two).toBe(one);
    expect(three).toBe(one);
  });

  it('does not keep a failed rendering: the next request tries again', async () => {
    const sut = new RenderedImages();
    await expect(sut.get('a', () => Promise.reject(new Error('libvips failed')))).rejects.toThrow('libvips failed');
    expect(sut.size).toBe(0);
    expect((await sut.get('a', image(3))).length).toBe(3);
  });

  it('is bounded by default to 300 images and 64 MB', async () => {
    expect([RENDERED_ENTRIES, RENDERED_BYTES]).toEqual([300, 64 * 1024 * 1024]);
    const sut = new RenderedImages();
    for (let i = 0; i < 310; i++) await sut.get(`k${i}`, image(1));
    expect(sut.size).toBe(300);
    for (let i = 0; i < 5; i++) await sut.get(`big${i}`, image(16 * 1024 * 1024));
    expect(sut.totalBytes).toBeLessThanOrEqual(64 * 1024 * 1024);
  });
});
