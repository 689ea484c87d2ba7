import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { loadConfig } from '../../src/config/app.config';
import { applyServerTimeouts } from '../../src/common/http/server-timeouts';
import { startTestApp, type TestApp } from '../support/app';

/**
 * The HTTP server's time limits (HTTP_*_TIMEOUT_MS), shortened here so the spec runs in seconds: a
 * connection that sends nothing, or trickles its headers, or sits idle after an answer, is closed.
 */
describe('server time limits (e2e)', () => {
  let t: TestApp;
  let port: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp({
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '300',
      HTTP_IDLE_TIMEOUT_MS: '1500',
    });
    await new Promise<void>((resolve) => t.server.listen(0, '127.0.0.1', () => resolve()));
    port = (t.server.address() as { port: number }).port;
  });

  afterEach(() => sockets.splice(0).forEach((socket) => socket.destroy()));
  afterAll(() => t.app.close());

  /** A raw connection: what it received, and after how long the server closed it. */
  async function open(): Promise<{ socket: Socket; received: () => string; closedAfter: Promise<number> }> {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let data = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    const opened = Date.now();
    const closedAfter = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
    return { socket, received: () => data, closedAfter };
  }

  it('has the configured limits (HTTP_*_TIMEOUT_MS)', () => {
    expect(t.server.headersTimeout).toBe(1000);
    expect(t.server.requestTimeout).toBe(2000);
    expect(t.server.keepAliveTimeout).toBe(300);
    expect(t.server.timeout).toBe(1500);
  });

  it('with the default settings every silent connection is closed within 60 s', () => {
    const server = createServer();
    applyServerTimeouts(server, loadConfig({}));
    const checkEvery = (server as typeof server & { connectionsCheckingInterval: number }).connectionsCheckingInterval;
    // Each way a connection can go silent, and the latest moment Node closes it: before any request
    // (missing headers: found at the next check, or the idle limit), during a request (its limit, at
    // the next check), idle between keep-alive requests (Node adds a second to the advertised limit).
    const closedWithin = {
      'sends nothing': Math.min(server.headersTimeout + checkEvery, server.timeout),
      'trickles its request': server.requestTimeout + checkEvery,
      'idle after an answer': Math.min(server.keepAliveTimeout + 1000, server.timeout),
      'nothing moves either way': server.timeout,
    };
    for (const ms of Object.values(closedWithin)) expect(ms).toBeGreaterThan(0);
    expect(Object.entries(closedWithin).filter(([, ms]) => ms > 60000)).toEqual([]);
    server.close();
  });

  it('closes a connection that sends nothing within its limits (headers 1 s, idle 1.5 s)', async () => {
    const silent = await open();
    const after = await silent.closedAfter;
    expect(after).toBeGreaterThanOrEqual(900);
    expect(after).toBeLessThan(2100);
    // Whichever limit came first: a 408 for the missing headers, or the idle socket closed.
    expect(silent.received()).toMatch(/^$|^HTTP\/1\.1 408 /);
  });

  it('closes a connection that trickles its headers (slowloris) with 408', async () => {
    const slow = await open();
    slow.socket.write('GET / HTTP/1.1\r\nHost: produits.localhost\r\n');
    const trickle = setInterval(() => slow.socket.write(`X-Slow-${Date.now()}: 1\r\n`), 200);
    const after = await slow.closedAfter.finally(() => clearInterval(trickle));
    expect(after).toBeLessThan(2600);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a keep-alive connection left idle after its answer', async () => {
    const keptAlive = await open();
    keptAlive.socket.write('GET /health/live HTTP/1.1\r\nHost: produits.localhost\r\n\r\n');
    const after = await keptAlive.closedAfter;
    expect(keptAlive.received()).toMatch(/^HTTP\/1\.1 200 /);
    // Node closes it a second after the advertised limit (it leaves the client room to notice).
    expect(after).toBeLessThan(1900);
  });
});
