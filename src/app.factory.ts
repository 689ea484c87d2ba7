import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import './common/http/request-types';
import { AppModule, type ModuleImports } from './app.module';
import { createLogging } from './common/logging/logging';
import { DomainErrorCode, DomainException } from './common/errors/domain.exception';
import { projectRoot } from './common/paths';
import { RequestContextMiddleware } from './common/http/request-context.middleware';
import { IpFilterMiddleware } from './common/security/ip-filter.middleware';
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

  // Before the site pipeline; the page cache's fast lane runs these same ones (see below).
  const front: RequestHandler[] = [
    handler(app.get(RequestContextMiddleware)),
    handler(app.get(IpFilterMiddleware)),
    closeConnectionsWhenDraining(app.get(LifecycleService)),
    securityHeaders(config),
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
  installPageReplayLane(app.getHttpServer(), app.getHttpAdapter().getInstance(), {
    front,
    siteNow: (req) =>
      shops.resolveNow(shops.hostOf(req), req.protocol === 'https' ? 'https' : 'http', req.headers.accept),
    noRedirectNow: (req) => redirections.noneNow(req),
    onSite: (res) => shops.varyOnSite(res),
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

function securityHeaders(config: AppConfig): RequestHandler {
  // reCAPTCHA v3 (the contact forms), only when it is configured: its script, its iframe, its calls.
  const recaptcha = config.RECAPTCHA_SECRET && config.RECAPTCHA_SITE_KEY;
  const recaptchaScripts = recaptcha ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [];
  const recaptchaFrames = recaptcha
    ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']
    : [];
  // The analytics script's origin (its script, its beacons), only when one is configured: the browser
  // loads it after statistics consent (views/islands/analytics.ts).
  const analytics = config.ANALYTICS_SCRIPT_URL ? [new URL(config.ANALYTICS_SCRIPT_URL).origin] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
          ...recaptchaScripts,
          ...analytics,
        ],
        styleSrc: ["'self'"],
        // Video thumbnails (/media/video) and map tiles (/media/tiles) come from the site, never from
        // the platform or a tile host.
        imgSrc: ["'self'", 'data:', 'blob:', ...analytics],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...recaptchaFrames, ...analytics],
        frameSrc: ['https://www.youtube-nocookie.com', ...recaptchaFrames],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // No upgrade-insecure-requests: behind plain http (the compose demo) it would block every
        // asset; over https, HSTS already keeps browsers on https.
      },
    },
    strictTransportSecurity: config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
