import type { Server } from 'node:http';
import type { AppConfig } from '../../config/app.config';

/** How often Node looks for requests past their headers or request timeout (its default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * Time limits of the HTTP server, so that no client holds a connection without using it:
 * - HTTP_HEADERS_TIMEOUT_MS: a request's headers must have arrived by then (a connection that sends
 *   nothing, or trickles its headers, gets 408 and is closed);
 * - HTTP_REQUEST_TIMEOUT_MS: the whole request, body included;
 * - HTTP_KEEP_ALIVE_TIMEOUT_MS: how long a connection may wait idle for its next request;
 * - HTTP_IDLE_TIMEOUT_MS: a connection on which nothing moves either way for that long is closed.
 * Must be called before the server listens (the check interval is read then).
 */
export function applyServerTimeouts(server: Server, config: AppConfig): void {
  server.headersTimeout = config.HTTP_HEADERS_TIMEOUT_MS;
  server.requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = config.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  server.setTimeout(config.HTTP_IDLE_TIMEOUT_MS);
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
    TIMEOUT_CHECK_INTERVAL_MS,
    config.HTTP_HEADERS_TIMEOUT_MS,
  );
}
