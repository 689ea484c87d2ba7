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
 *   process. `onError` hears the first error after each successful connection, not every retry.
 */
export function redisStore(url: string, onError: (message: string) => void = writeToStderr): Keyv {
  const client = createClient({
    url,
    socket: {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      reconnectStrategy: (_retries: number, cause: Error) => cause,
    },
  });
  let reported = false;
  client.on('ready', () => (reported = false));
  client.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    onError(`Redis unavailable, the cache falls back to the database: ${error.message}`);
  });
  return createKeyv(client as RedisClientType, { namespace: 'site', throwOnConnectError: true, throwOnErrors: true });
}

function writeToStderr(message: string): void {
  process.stderr.write(`${message}\n`);
}
