import type { BrowserContext, Frame, Page } from 'playwright-core';
import { pick } from '../support/content';
import {
  browserSuite,
  DE_HOST,
  describeInBrowser,
  DESKTOP,
  FR_HOST,
  openPage,
  PHONE,
  type BrowserSuite,
} from './support';

const ANALYTICS = 'https://analytics.example/tag.js';
const PLAYER = 'https://www.youtube-nocookie.com';
const PARAGRAPH_VIDEO_PAGE = '/qualite-innovation/etudes-cliniques-sur-nos-souches';

/**
 * A stand-in for the platform's embedded player (the network is closed): it speaks the player's
 * message protocol to the page (VideoPlayer listens), reports "playing" when it autoplays or when its
 * play button is clicked, "paused" on its pause button.
 */
const STUB_PLAYER = `<!doctype html><html><body style="margin:0;background:#111;color:#fff;font:16px sans-serif">
<button id="play">play</button> <button id="pause">pause</button>
<script>
const autoplay = new URLSearchParams(location.search).get('autoplay') === '1';
let listening = false;
const post = (m) => parent.postMessage(JSON.stringify(m), '*');
const playing = () => { post({ event: 'onStateChange', info: 1 }); post({ event: 'infoDelivery', info: { playerState: 1 } }); };
addEventListener('message', (e) => {
  let d; try { d = JSON.parse(e.data); } catch { return; }
  if (d.event !== 'listening' || listening) return;
  listening = true;
  post({ event: 'initialDelivery', info: { playerState: -1 } });
  post({ event: 'onReady', info: null });
  if (autoplay) playing();
});
document.getElementById('play').onclick = playing;
document.getElementById('pause').onclick = () => post({ event: 'onStateChange', info: 2 });
</script></body></html>`;

/** Answers the analytics script and the player itself; any other third party is refused. Records the player's URLs. */
async function stubThirdParties(context: BrowserContext, suite: BrowserSuite): Promise<string[]> {
  const own = new URL(suite.site.url(FR_HOST)).port;
  const players: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (['localhost', FR_HOST, DE_HOST].includes(url.hostname) && url.port === own) return route.continue();
    if (url.href === ANALYTICS) return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    if (url.origin === PLAYER && url.pathname.startsWith('/embed/')) {
      players.push(url.href);
      return route.fulfill({ status: 200, contentType: 'text/html', body: STUB_PLAYER });
    }
    return route.abort();
  });
  return players;
}

/**
 * Records, in the page, when each analytics event is pushed and when each "playing" message of the
 * player arrives (performance.now()), before any page script runs.
 */
async function recordTimings(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { dataLayer: unknown[]; __pushedAt: number[]; __playAt: number[] };
    w.__pushedAt = [];
    w.__playAt = [];
    const layer: unknown[] = [];
    layer.push = (...items: unknown[]) => {
      w.__pushedAt.push(performance.now());
      return Array.prototype.push.apply(layer, items);
    };
    w.dataLayer = layer;
    addEventListener('message', (e) => {
      if (typeof e.data === 'string' && e.data.includes('"onStateChange","info":1')) w.__playAt.push(performance.now());
    });
  });
}

const videoPlays = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer: Array<{ event?: string }> }).dataLayer ?? []).filter(
      (e) => e.event === 'video_play',
    ),
  );
const playerFrame = async (page: Page, selector: string): Promise<Frame> =>
  (await (await page.waitForSelector(selector)).contentFrame())!;

describeInBrowser('videos (browser)', () => {
  const suite = browserSuite({ env: { ANALYTICS_SCRIPT_URL: ANALYTICS }, consent: 'optin,video' });
  const product = pick((p) => p.caracteristics.embed_push_video === 'Lq4bX7sVt2M', 'product with a video');

  describe.each([
    [FR_HOST, `/produit/${product.texts.fr.slug}`],
    [DE_HOST, `/produkt/${product.texts.de.slug}`],
  ])('%s product zoom', (host, path) => {
    it.each([
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ])('%s: the video slide opens the zoom, whose video starts by itself 1000 ms later', async (_name, viewport) => {
      const players = await stubThirdParties(suite.context, suite);
      const { page, logs } = await openPage(suite.context, suite.site.url(host, path), viewport);
      for (let i = 0; i < 12 && !(await page.isVisible('.gallery__zoom-video')); i++)
        await page.click('.gallery__stage .gallery__nav--next');
      await page.click('.gallery__zoom-video');
      const opened = Date.now();
      const modal = page.locator('dialog.modal--zoom');
      await modal.waitFor({ state: 'visible', timeout: 10_000 });
      // Its thumbnail first, no player yet.
      await expect(modal.locator('.video-player[aria-busy="true"]').count()).resolves.toBe(1);
      await expect(modal.locator('iframe').count()).resolves.toBe(0);
      const frame = await modal.locator('iframe.video-frame').elementHandle({ timeout: 3000 });
      const waited = Date.now() - opened;
      expect(waited).toBeGreaterThanOrEqual(900);
      expect(waited).toBeLessThan(2500);
      const src = new URL((await frame!.getAttribute('src'))!);
      expect(src.origin + src.pathname).toBe(`${PLAYER}/embed/Lq4bX7sVt2M`);
      expect(src.searchParams.get('autoplay')).toBe('1');
      expect(src.searchParams.get('mute')).toBe('1');
      // The stage showed its player (consent given, not started); under the modal it is gone, so one plays.
      await expect(page.locator('.gallery__stage iframe').count()).resolves.toBe(0);
      expect(players.map((p) => new URL(p).searchParams.get('autoplay'))).toEqual([null, '1']);
      // The modal moves through the slides: back to a picture, and to the video again.
      await page.keyboard.press('ArrowLeft');
      await expect(modal.locator('.modal__zoom-image').count()).resolves.toBe(1);
      await expect(modal.locator('iframe').count()).resolves.toBe(0);
      await modal.locator('.gallery__nav--next').click();
      await modal.locator('iframe.video-frame').waitFor({ timeout: 3000 });
      await page.keyboard.press('Escape');
      await expect(modal.isVisible()).resolves.toBe(false);
      expect(logs.problems).toEqual([]);
    });
  });

  it('the zoom opened from a picture reaches the video; without video consent it asks first, then starts 1000 ms after', async () => {
    await suite.context.clearCookies();
    await suite.context.addCookies(
      [FR_HOST, DE_HOST].map((domain) => ({ name: 'privacy', value: 'optout,novideo', domain, path: '/' })),
    );
    const players = await stubThirdParties(suite.context, suite);
    const { page } = await openPage(
      suite.context,
      suite.site.url(FR_HOST, `/produit/${product.texts.fr.slug}`),
      DESKTOP,
    );
    await page.click('.gallery__stage .gallery__zoom');
    const modal = page.locator('dialog.modal--zoom');
    for (let i = 0; i < 12 && (await modal.locator('.video-player').count()) === 0; i++)
      await modal.locator('.gallery__nav--next').click();
    await expect(modal.locator('.video-blocked').textContent()).resolves.toContain(
      'Vous devez accepter les cookies YouTube',
    );
    await page.waitForTimeout(1200);
    expect(players).toEqual([]);
    await modal.locator('.video-blocked button').click();
    const accepted = Date.now();
    await modal.locator('iframe.video-frame').waitFor({ timeout: 3000 });
    expect(Date.now() - accepted).toBeGreaterThanOrEqual(900);
    expect(new URL(players[0]).searchParams.get('autoplay')).toBe('1');
  });

  it('video_play: not on load, once when the visitor plays, 250 ms after the play', async () => {
    await stubThirdParties(suite.context, suite);
    await recordTimings(suite.context);
    const { page } = await openPage(suite.context, suite.site.url(FR_HOST, PARAGRAPH_VIDEO_PAGE), DESKTOP);
    const frame = await playerFrame(page, 'iframe.video-frame');
    await frame.waitForSelector('#play');
    // The player shows (consent given) and is ready: no play, so no event.
    await page.waitForTimeout(600);
    await expect(videoPlays(page)).resolves.toEqual([]);
    await frame.click('#play');
    await page.waitForFunction(() => (window as unknown as { __pushedAt: number[] }).__pushedAt.length > 0);
    await frame.click('#pause');
    await frame.click('#play');
    await page.waitForTimeout(600);
    await expect(videoPlays(page)).resolves.toEqual([{ event: 'video_play', videoId: 'Hq2Lp7Vx0sN' }]);
    const { pushedAt, playAt } = await page.evaluate(() => {
      const w = window as unknown as { __pushedAt: number[]; __playAt: number[] };
      return { pushedAt: w.__pushedAt, playAt: w.__playAt };
    });
    expect(pushedAt.length).toBe(1);
    expect(pushedAt[0] - playAt[0]).toBeGreaterThanOrEqual(245);
    expect(pushedAt[0] - playAt[0]).toBeLessThan(1000);
  });

  it('video_play: the home video counts once it plays (muted autoplay after "see video"); dropped without audience consent', async () => {
    await stubThirdParties(suite.context, suite);
    await recordTimings(suite.context);
    const { page } = await openPage(suite.context, suite.site.url(DE_HOST, '/'), DESKTOP);
    await page.waitForTimeout(400);
    await expect(videoPlays(page)).resolves.toEqual([]);
    await page.click('.home-video__play');
    await page.waitForFunction(() => (window as unknown as { __pushedAt: number[] }).__pushedAt.length > 0);
    await expect(videoPlays(page)).resolves.toEqual([{ event: 'video_play', videoId: 'Tz4pLw8QnVk' }]);

    await suite.context.addCookies(
      [FR_HOST, DE_HOST].map((domain) => ({ name: 'privacy', value: 'optout,video', domain, path: '/' })),
    );
    const refused = await openPage(suite.context, suite.site.url(FR_HOST, PARAGRAPH_VIDEO_PAGE), DESKTOP);
    const frame = await playerFrame(refused.page, 'iframe.video-frame');
    await frame.click('#play');
    await refused.page.waitForFunction(() => (window as unknown as { __playAt: number[] }).__playAt.length > 0);
    await refused.page.waitForTimeout(600);
    await expect(videoPlays(refused.page)).resolves.toEqual([]);
  });

  it('offline: a polite notice while the connection is away, and no link prefetch; both back with it', async () => {
    await stubThirdParties(suite.context, suite);
    const { page } = await openPage(suite.context, suite.site.url(FR_HOST, '/produits'), PHONE);
    const notice = page.locator('[data-offline-notice]');
    const shown = async () => ((await notice.boundingBox())?.width ?? 0) > 100;
    await expect(notice.textContent()).resolves.toBe('');
    const prefetches = () => page.locator('link[rel="prefetch"]').count();
    await suite.context.setOffline(true);
    await expect(notice.textContent()).resolves.toBe(
      'Vous êtes hors ligne. Vérifiez votre connexion à internet\u00a0: la page reprendra dès son retour.',
    );
    await expect(shown()).resolves.toBe(true);
    await expect(notice.getAttribute('role')).resolves.toBe('status');
    await page.hover('footer a[href="/contactez-nous"]');
    await page.waitForTimeout(100);
    await expect(prefetches()).resolves.toBe(0);
    await suite.context.setOffline(false);
    await page.waitForFunction(() => document.querySelector('[data-offline-notice]')?.textContent === '');
    await expect(shown()).resolves.toBe(false);
    await page.hover('footer .footer-brand');
    await page.hover('footer a[href="/contactez-nous"]');
    await page.waitForFunction(() => document.querySelectorAll('link[rel="prefetch"]').length === 1);
  });
});
