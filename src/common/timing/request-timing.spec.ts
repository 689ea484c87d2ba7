import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import {
  oncePerRequest,
  parseServerTiming,
  serverTimingHeader,
  withRequestTiming,
  type RequestTiming,
} from './request-timing';

describe('Server-Timing header', () => {
  const base = (over: Partial<RequestTiming>): RequestTiming => ({
    started: 0n,
    dbMs: 0,
    queries: 0,
    renderMs: 0,
    ...over,
  });

  it('writes database time and count, render and total, rounded to 0.01 ms', () => {
    const header = serverTimingHeader(base({ dbMs: 3.14159, queries: 4, renderMs: 2.5 }), 12_345_678n);
    expect(header).toBe('db;dur=3.14;desc="4 queries", render;dur=2.5, app;dur=12.35');
  });

  it('says "1 query", leaves out render when nothing was rendered, and names a cache hit first', () => {
    expect(serverTimingHeader(base({ dbMs: 1, queries: 1 }), 2_000_000n)).toBe('db;dur=1;desc="1 query", app;dur=2');
    expect(serverTimingHeader(base({ cache: 'hit' }), 100_000n)).toBe(
      'cache;desc=hit, db;dur=0;desc="0 queries", app;dur=0.1',
    );
  });

  it('reads back what it writes', () => {
    const metrics = parseServerTiming('cache;desc=stale, db;dur=3.14;desc="4 queries", render;dur=2.5, app;dur=12.35');
    expect(metrics.get('cache')).toEqual({ desc: 'stale' });
    expect(metrics.get('db')).toEqual({ dur: 3.14, desc: '4 queries' });
    expect(metrics.get('render')).toEqual({ dur: 2.5 });
    expect(metrics.get('app')).toEqual({ dur: 12.35 });
    expect(parseServerTiming(undefined).size).toBe(0);
  });
});

describe('oncePerRequest', () => {
  const inRequest = <T>(fn: () => Promise<T>) =>
    new Promise<T>((resolve, reject) =>
      withRequestTiming(new ServerResponse(new IncomingMessage(new Socket())), () => void fn().then(resolve, reject)),
    );

  it('shares one load between the calls of a request, and loads again in the next request', async () => {
    const load = jest.fn(async () => 'v');
    await inRequest(() => Promise.all([oncePerRequest('k', load), oncePerRequest('k', load)]));
    expect(load).toHaveBeenCalledTimes(1);
    await inRequest(() => oncePerRequest('k', load));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed load, and loads every time outside a request', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return 'v';
    };
    await inRequest(async () => {
      await expect(oncePerRequest('k', load)).rejects.toThrow('down');
      await expect(oncePerRequest('k', load)).resolves.toBe('v');
    });
    await oncePerRequest('k', load);
    await oncePerRequest('k', load);
    expect(calls).toBe(4);
  });
});
