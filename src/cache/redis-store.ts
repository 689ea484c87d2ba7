import { createClient, createKeyv, type RedisClientType } from '@keyv/redis';
import type { Keyv } from 'keyv';

/** How long one attempt to reach Redis may take. */
const REDIS_CONNECT_TIMEOUT_MS = 2000;

/**
 * The shared cache store on Redis. node-redis's own connect timeout, one attempt at a time: when it
 * fails the client closes, the cache call falls back to the source (AppCache), and the next call
 * connects afresh (@keyv/redis reconnects a closed client on use). A Redis outage costs a call at
 * most the connect timeout, a refused connection a few milliseconds.
 *
 * - Not @keyv/redis's `connectionTimeout`: it races the connection against a timer it never clears,
 *   which kept the process (and Jest) alive for two seconds after the app had closed its client.
 * - The client must have an 'error' listener: without one, node-redis's error event for a dropped
 *   connection (Redis restarted, failover, idle timeout) is an uncaught exception that ends the
 *   process. The listener only keeps the process alive: a failure that matters reaches the caller as
 *   a rejected call (`throwOnErrors`), and AppCache logs an outage once when it starts and once when
 *   it ends. A dropped connection that the next call re-opens is no outage and is not logged.
 */
export function redisStore(url: string): Keyv {
  const client = createClient({
    url,
    socket: {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      // No retry loop: the client closes, the next call opens it again. (`false`, not the cause:
      // node-redis tells an Error by `instanceof`, which fails for errors from another realm.)
      reconnectStrategy: () => false,
    },
  });
  client.on('error', ignore);
  return createKeyv(client as RedisClientType, { namespace: 'site', throwOnConnectError: true, throwOnErrors: true });
}

function ignore(): void {
  // See above: the error reaches the caller of the failed call.
}
