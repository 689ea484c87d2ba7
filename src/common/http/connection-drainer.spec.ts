import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { ConnectionDrainer, IDLE_GRACE_MS } from './connection-drainer';

const REQUEST = 'GET / HTTP/1.1\r\nHost: x\r\n\r\n';

describe(ConnectionDrainer.name, () => {
  let server: Server;
  let drainer: ConnectionDrainer;
  let port: number;
  const sockets: Socket[] = [];

  beforeEach(async () => {
    server = createServer((req, res) => {
      if (req.url === '/slow') setTimeout(() => res.end('ok'), IDLE_GRACE_MS + 500);
      else res.end('ok');
    });
    drainer = new ConnectionDrainer(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  });

  /** A raw client connection, with what it received and when it was closed. */
  async function open(): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let data = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    await new Promise((resolve) => socket.once('connect', resolve));
    await waitUntil(() => drainer.size === sockets.filter((s) => !s.destroyed).length);
    return { socket, received: () => data, closed };
  }

  async function waitUntil(condition: () => boolean): Promise<void> {
    for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  it('answers a connection accepted before the listener closed that sends its request after', async () => {
    const late = await open();
    const stopped = drainer.stop();
    expect(server.listening).toBe(false);
    late.socket.write(REQUEST);
    await waitUntil(() => late.received().includes('\r\n\r\nok'));
    expect(late.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    late.socket.end();
    await stopped;
    expect(drainer.size).toBe(0);
  });

  it('closes connections that stay idle during the drain, and only those', async () => {
    const keptAlive = await open();
    keptAlive.socket.write(REQUEST);
    await waitUntil(() => keptAlive.received().includes('ok'));
    const started = Date.now();
    drainer.drain();
    const busy = await open();
    busy.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n'); // answered after the grace
    const closedAt = await keptAlive.closed;
    expect(closedAt - started).toBeGreaterThanOrEqual(IDLE_GRACE_MS - 50);
    expect(closedAt - started).toBeLessThan(IDLE_GRACE_MS + 500);
    await waitUntil(() => busy.received().includes('ok'));
    expect(busy.received()).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it('stops once the last connection has closed, closing silent ones after the grace', async () => {
    const silent = await open();
    const started = Date.now();
    await drainer.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_GRACE_MS - 50);
    expect(await silent.closed).toBeLessThanOrEqual(Date.now());
    expect(drainer.size).toBe(0);
  });
});
