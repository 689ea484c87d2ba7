import request from 'supertest';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

/**
 * Every link a visitor can follow works. The spec crawls each Swiss host from its home page (menus,
 * footer, home blocks, product lists and pages, and what they link to), follows internal links, and
 * expects no answer of 400 or more, except the pages of capabilities not built yet, listed below by
 * issue. That list only shrinks: a listed page that now answers fails the spec until its line goes,
 * so whoever builds a page also proves every link to it works.
 */
const NOT_BUILT_YET: Record<string, string[]> = {
  [FR]: [],
  [DE]: [],
};

/** Enough to reach every menu, footer and home link, every list and a broad sample of pages. */
const MAX_PAGES = 700;

describe('links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 120000);
  afterAll(async () => t?.app.close());

  it.each([FR, DE])(
    'every internal link on %s answers (crawl from the home page)',
    async (host) => {
      const status = new Map<string, number>();
      const linkedFrom = new Map<string, string>();
      const queue = ['/'];
      while (queue.length && status.size < MAX_PAGES) {
        const path = queue.shift()!;
        if (status.has(path)) continue;
        const res = await request(t.server).get(path).set('Host', host);
        status.set(path, res.status);
        if (res.status !== 200 || !/text\/html/.test(String(res.headers['content-type']))) continue;
        for (const match of res.text.matchAll(/<a\b[^>]*\bhref="(\/[^"#]*)/g)) {
          const link = match[1].replace(/&amp;/g, '&');
          if (status.has(link) || linkedFrom.has(link)) continue;
          linkedFrom.set(link, path);
          queue.push(link);
        }
      }
      const pending = new Set(NOT_BUILT_YET[host]);
      const broken = [...status]
        .filter(([path, code]) => code >= 400 && !pending.has(path))
        .map(([path, code]) => `${code} ${path} (linked from ${linkedFrom.get(path)})`);
      expect(broken).toEqual([]);
      const builtNow = [...pending].filter((path) => (status.get(path) ?? 404) < 400 && status.has(path));
      expect(builtNow).toEqual([]); // built: delete these lines from NOT_BUILT_YET
      const unlinked = [...pending].filter((path) => !status.has(path));
      expect(unlinked).toEqual([]); // no longer linked: delete these lines too
      expect(status.size).toBeGreaterThan(100);
    },
    300000,
  );
});
