import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import proxyAddr from 'proxy-addr';
import './common/http/request-types';
import { AppModule, type ModuleImports } from './app.module';
import { createLogging, LOGGING, type Logging } from './common/logging/logging';
import { DomainErrorCode, DomainException } from './common/errors/domain.exception';
import { projectRoot } from './common/paths';
import { RequestContextMiddleware } from './common/http/request-context.middleware';
import { IpFilterMiddleware } from './common/security/ip-filter.middleware';
import { IpFilterService } from './common/security/ip-filter.service';
import { recordSecurityHeaders, securityHeaders } from './common/security/security-headers';
import type { AppConfig } from './config/app.config';
import { LifecycleService } from './modules/health/lifecycle.service';
import { isProbeRequest } from './common/http/probe-paths';
import { RedirectionMiddleware } from './modules/redirection/redirection.middleware';
import { PageCacheMiddleware } from './render/cached-page';
import { PageCache } from './render/page-cache';
import { installPageReplayLane } from './render/page-replay-lane';
import { precompressedStatic } from './common/http/precompressed-static';
import { applyServerTimeouts } from './common/http/server-timeouts';
import { SiteMiddleware } from './modules/shop/site.middleware';
import { ShopService } from './modules/shop/shop.service';

type Middleware = { use(req: Request, res: Response, next: NextFunction): unknown };
const handler =
  (middleware: Middleware): RequestHandler =>
  (req, res, next) =>
    void middleware.use(req, res, next);
/** The site pipeline (shop from host, redirections) reads the database: the probes skip it. */
const exceptProbes =
  (middleware: Middleware): RequestHandler =>
  (req, res, next) =>
    isProbeRequest(req) ? next() : void middleware.use(req, res, next);

export interface CreateAppOptions {
  /** Extra modules (tests: a test-only controller, a fake DNS resolver). */
  imports?: ModuleImports;
}

/**
 * Builds the application (main.ts and tests): Express settings, security headers, the request
 * pipeline in SPEC §4 start order, static assets, then Nest's routes.
 */
export async function createApp(
  config: AppConfig,
  logging = createLogging(config.LOG_LEVEL),
  options: CreateAppOptions = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logging, options.imports), {
    logger: logging.nest,
    abortOnError: false,
  });
  // A hop count, never `true`: only that many proxies' X-Forwarded-For entries are believed.
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  // HTML carries a fresh nonce per response: an ETag would never match and costs a hash.
  app.set('etag', false);

  // Before the site pipeline; the page cache's fast lane takes the same decisions (see below).
  const security = securityHeaders(config);
  const lifecycle = app.get(LifecycleService);
  const front: RequestHandler[] = [
    handler(app.get(RequestContextMiddleware)),
    handler(app.get(IpFilterMiddleware)),
    closeConnectionsWhenDraining(lifecycle),
    security,
  ];
  for (const middleware of front) app.use(middleware);
  const root = projectRoot();
  const assets = join(root, 'dist/web/assets');
  app.use(
    '/assets',
    precompressedStatic(assets, { immutable: true, maxAge: 365 * 24 * 3600 * 1000 }),
    express.static(assets, { immutable: true, maxAge: '365d', index: false, fallthrough: true }),
  );
  app.use(publicFiles(join(root, 'public')));
  app.use(exceptProbes(app.get(SiteMiddleware)));
  app.use(handler(app.get(RedirectionMiddleware)));
  app.use(handler(app.get(PageCacheMiddleware)));
  // JSON bodies up to API_BODY_LIMIT_KB (the write API's largest page or product fits well within
  // it); a larger one is a 413 before anything reads it. Nest's own parser then stays off for JSON.
  app.use(jsonParser(config.API_BODY_LIMIT_KB));
  applyServerTimeouts(app.getHttpServer(), config);
  await app.init();
  const shops = app.get(ShopService);
  const redirections = app.get(RedirectionMiddleware);
  const ipFilter = app.get(IpFilterService);
  const expressApp = app.getHttpAdapter().getInstance();
  // Express's own compiled `trust proxy` (TRUST_PROXY hops), as req.ip and req.protocol read it.
  const trust = expressApp.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const clientIp = (req: IncomingMessage) => proxyAddr(req, trust);
  installPageReplayLane(app.getHttpServer(), expressApp, {
    siteNow: (req) => shops.resolveNow(shops.hostOf(req), requestProtocol(req, trust), req.headers.accept),
    noRedirectNow: (site, method, url) => redirections.noneNow(site, method, url),
    allowed: (req) => !ipFilter.enabled || ipFilter.isAllowed(clientIp(req)),
    clientIp,
    draining: () => lifecycle.shuttingDown,
    security: recordSecurityHeaders(security),
    siteVary: shops.siteHeaders,
    logging: app.get<string, Logging>(LOGGING),
    cache: app.get(PageCache),
  });
  return app;
}

/**
 * express.json with the app's limit, its refusals turned into the API's error shape (a malformed body
 * is a 400 naming the body, not Nest's bare "Bad Request"; too large 413; an unknown charset 415).
 * Named `jsonParser` so that Nest does not add its own JSON parser after it.
 */
function jsonParser(limitKb: number): RequestHandler {
  const parse = express.json({ limit: `${limitKb}kb` });
  return function jsonParser(req, res, next) {
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const status = Number((error as { status?: unknown }).status) || 400;
      const type = String((error as { type?: unknown }).type ?? '');
      const reason =
        type === 'entity.too.large'
          ? `larger than ${limitKb} KB`
          : type === 'entity.parse.failed'
            ? 'malformed JSON'
            : type.includes('unsupported')
              ? 'unsupported charset or encoding'
              : 'unreadable';
      next(
        new DomainException(
          DomainErrorCode.InvalidInput,
          'Invalid body',
          status >= 400 && status < 500 ? status : 400,
          { body: reason },
        ),
      );
    });
  };
}

/**
 * The few files of public/ (favicon, old-browser script), listed once at start: a page request is
 * not turned into a file-system lookup.
 */
function publicFiles(folder: string): RequestHandler {
  const names = new Set(existsSync(folder) ? readdirSync(folder).map((name) => `/${name}`) : []);
  const serve = express.static(folder, { maxAge: '1d', index: false, fallthrough: true });
  return (req, res, next) => (names.has(req.path) ? serve(req, res, next) : next());
}

/**
 * Every answer written once shutdown has begun closes its connection (decided when the headers go
 * out, so a request that started before the signal counts too): keep-alive clients such as the load
 * balancer open a new one, to a replica that is not going away, and the server can finish closing
 * without waiting for idle keep-alive sockets to time out.
 */
function closeConnectionsWhenDraining(lifecycle: LifecycleService): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      if (lifecycle.shuttingDown) this.setHeader('Connection', 'close');
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  };
}

/** req.protocol as Express reads it: a trusted proxy's X-Forwarded-Proto (its first value), else the socket's. */
function requestProtocol(req: IncomingMessage, trust: (address: string, hop: number) => boolean): 'http' | 'https' {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const header = req.headers['x-forwarded-proto'];
  const first = (typeof header === 'string' && header ? header : own).split(',')[0].trim();
  return first === 'https' ? 'https' : 'http';
}
