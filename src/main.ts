import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConnectionDrainer } from './common/http/connection-drainer';
import { createLogging } from './common/logging/logging';
import { applyHeapGrowth } from './common/runtime/heap-growth';
import { ConfigurationError, loadConfig, type AppConfig } from './config/app.config';
import { LifecycleService } from './modules/health/lifecycle.service';

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  // Before the app allocates anything lasting: V8 otherwise lets the heap, garbage included, grow
  // to ~4× what is live before collecting it.
  applyHeapGrowth(config.HEAP_GROWING_PERCENT);
  const logging = createLogging(config.LOG_LEVEL);
  const logger = logging.root;
  const app = await createApp(config, logging);
  // Tracks connections from the first one on, for a shutdown without resets.
  const connections = new ConnectionDrainer(app.getHttpServer());
  await app.listen(config.PORT, config.HOST);
  logger.info(
    {
      port: config.PORT,
      database: config.embeddedDatabase ? 'embedded' : 'server',
      cache: config.REDIS_URL ? 'redis' : 'memory',
    },
    'listening',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness goes 503 first so the load balancer stops sending; from now on every answer says
    // Connection: close, and connections left idle are closed (their clients open the next one
    // elsewhere, not at the moment this process stops listening).
    app.get(LifecycleService).beginShutdown();
    connections.drain();
    logger.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutdown started');
    const force = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, config.SHUTDOWN_DRAIN_MS + 15000);
    force.unref();
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    try {
      // Stop listening; connections already open still get their answer (see ConnectionDrainer).
      await connections.stop();
      // Then Nest's close: the shutdown hooks close the database and the cache.
      await app.close();
    } catch (error) {
      logger.error({ error: (error as Error)?.stack ?? String(error) }, 'shutdown failed');
      process.exit(1);
    }
    logger.info('shutdown complete');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

bootstrap().catch((error: unknown) => {
  // A start that cannot finish (database unreachable, port taken...) exits non-zero with the reason.
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'start failed', error: (error as Error)?.stack ?? String(error) })}\n`,
  );
  process.exit(1);
});
