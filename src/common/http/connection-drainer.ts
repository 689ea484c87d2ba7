import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

interface SocketState {
  /** Requests received on this connection whose answer is not finished. */
  active: number;
  /** Since when it has had no request in progress (accepted, or its last answer finished). */
  idleSince: number;
}

/**
 * During a shutdown, a connection without a request in progress for this long is closed. A client
 * that uses its connection sends the next request within milliseconds; closing at once would
 * reset exactly those (the request is on its way when the connection goes).
 */
export const IDLE_GRACE_MS = 1000;
const SWEEP_MS = 100;

/**
 * The connections of the HTTP server, for a shutdown without resets (used by main.ts):
 * - `drain()` when shutdown begins: from then on, connections idle for IDLE_GRACE_MS are closed, so
 *   keep-alive clients (a load balancer) open their next one elsewhere, not at the moment the
 *   listener closes; busy connections close after their answer, which says `Connection: close`
 *   (app.factory.ts);
 * - `stop()` after the drain: the listener closes (new connections are refused); a connection
 *   accepted a moment before may still send its request and get its answer, and one that stays
 *   silent is closed after IDLE_GRACE_MS. (Node's `server.close()` destroys at once the idle
 *   keep-alive connections, whose next request may be on its way, and waits for a silent one until
 *   its headers time out, which outlasted the shutdown's own time limit.) Resolves when the last
 *   connection has closed.
 */
export class ConnectionDrainer {
  private readonly sockets = new Map<Socket, SocketState>();
  private sweeper?: NodeJS.Timeout;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.sockets.set(socket, { active: 0, idleSince: Date.now() });
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const state = this.sockets.get(req.socket);
      if (!state) return;
      state.active += 1;
      res.once('close', () => {
        state.active -= 1;
        state.idleSince = Date.now();
      });
    });
  }

  /** Open connections. */
  get size(): number {
    return this.sockets.size;
  }

  /** Starts closing connections that stay idle (see the class comment). */
  drain(): void {
    this.sweeper ??= setInterval(() => this.closeIdle(), SWEEP_MS);
    this.sweeper.unref();
  }

  /** Stops listening and resolves once every connection is closed (see the class comment). */
  async stop(): Promise<void> {
    this.drain();
    // The net.Server close only stops accepting (http.Server's close() also destroys idle ones at once).
    if (this.server.listening) NetServer.prototype.close.call(this.server);
    while (this.sockets.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(this.sweeper);
  }

  private closeIdle(): void {
    const before = Date.now() - IDLE_GRACE_MS;
    for (const [socket, state] of this.sockets) if (state.active === 0 && state.idleSince <= before) socket.destroy();
  }
}
