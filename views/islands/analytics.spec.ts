import { track, TRACKING_DELAY_MS } from './analytics';

/**
 * The one analytics module (SPEC §9: tracking events are delayed 250 ms; without audience consent
 * they are dropped). The unit project runs in Node: the page's window and cookie are stood in for.
 */
describe('analytics events', () => {
  const page = globalThis as unknown as { window?: unknown; document?: unknown; dataLayer?: unknown[] };
  let cookie = '';
  beforeEach(() => {
    jest.useFakeTimers();
    page.window = globalThis;
    page.document = {
      get cookie() {
        return cookie;
      },
    };
    delete page.dataLayer;
  });
  afterEach(() => {
    jest.useRealTimers();
    delete page.window;
    delete page.document;
    delete page.dataLayer;
  });

  it('is pushed 250 ms later, not before, with audience consent', () => {
    cookie = 'privacy=optin,video';
    track({ event: 'video_play', videoId: 'Tz4pLw8QnVk' });
    expect(TRACKING_DELAY_MS).toBe(250);
    jest.advanceTimersByTime(249);
    expect(page.dataLayer).toBeUndefined();
    jest.advanceTimersByTime(1);
    expect(page.dataLayer).toEqual([{ event: 'video_play', videoId: 'Tz4pLw8QnVk' }]);
  });

  it('is dropped without consent, and when consent is withdrawn within the 250 ms', () => {
    cookie = 'privacy=optout,video';
    track({ event: 'video_play', videoId: 'a' });
    jest.advanceTimersByTime(1000);
    expect(page.dataLayer).toBeUndefined();
    cookie = 'privacy=optin,video';
    track({ event: 'video_play', videoId: 'b' });
    cookie = 'privacy=optout,video';
    jest.advanceTimersByTime(1000);
    expect(page.dataLayer).toBeUndefined();
  });
});
