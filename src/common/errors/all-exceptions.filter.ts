import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { pageCacheKey, sendCachedPage, toCachedPage } from '../../render/cached-page';
import { RenderService } from '../../render/render.service';
import { PageCache } from '../../render/page-cache';
import { SiteSource } from '../site/site-source';
import { isDatabaseUnavailable } from '../../database/database';
import { isPrivate } from '../http/private-response';
import { requestPath, sendRedirect } from '../http/safe-redirect';
import { DomainErrorCode, DomainException } from './domain.exception';

/**
 * One place maps every error to what the client sees (SPEC §2.2, §8): JSON for /api, the 404 / 401 /
 * 500 page in the visitor's language for pages, and a minimal fallback page if even that fails.
 * A guard's 401/403 stays a 401/403; bad input is never a 500.
 */
@Catch()
@Injectable()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(
    private readonly render: RenderService,
    private readonly shops: SiteSource,
    private readonly pageCache: PageCache,
  ) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    // Too late for an error page: end the response rather than leave the client waiting.
    if (res.headersSent) {
      res.end();
      return;
    }
    const path = requestPath(req);
    const badUrl = isMalformedUrl(exception);
    // A page asked with a malformed URL (bad percent-encoding) is a page that does not exist.
    const status = badUrl && !path.startsWith('/api/') ? HttpStatus.NOT_FOUND : statusOf(exception);

    if (exception instanceof DomainException && exception.code === DomainErrorCode.Redirect) {
      return sendRedirect(res, status, (exception.details as { location: string }).location);
    }
    if (status >= 500) this.logger.error(exception instanceof Error ? exception : String(exception));
    // The database is out of reach (restart, failover): a temporary state, said so to clients and crawlers.
    if (status === HttpStatus.SERVICE_UNAVAILABLE) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    const retryAfter = (exception as { details?: { retry_after?: unknown } } | undefined)?.details?.retry_after;
    if (
      exception instanceof DomainException &&
      exception.code === DomainErrorCode.RateLimited &&
      typeof retryAfter === 'string'
    )
      res.setHeader('Retry-After', retryAfter);

    if (exception instanceof DomainException && exception.code === DomainErrorCode.UnknownMiddleware) {
      res.status(500).type('text/plain; charset=utf-8').send(exception.message);
      return;
    }
    if (path.startsWith('/api/')) {
      const error = badUrl
        ? DomainException.invalidInput({ path: 'malformed percent-encoding in the URL path' })
        : exception;
      // A page route (the catch-all) may have set its HTML headers before failing: this answer is JSON, never cached.
      res.status(status).type('application/json').setHeader('Cache-Control', 'private, no-store');
      res.json(apiBody(error, status));
      return;
    }
    if (MEDIA_PATH.test(path)) {
      // Images answer small plain text, as the media controller's own 404: never the HTML page.
      const plain = status >= 500 ? 'Internal Server Error' : 'Not Found';
      res
        .status(status >= 500 ? status : HttpStatus.NOT_FOUND)
        .setHeader('Cache-Control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send(plain);
      return;
    }
    const pageMissing = exception instanceof DomainException && exception.reason === 'page' && status === 404;
    await this.errorPage(req, res, status, pageMissing);
  }

  private async errorPage(req: Request, res: Response, status: number, pageMissing: boolean): Promise<void> {
    const nonce = res.locals.cspNonce ?? '';
    res.status(status).type('html').setHeader('Cache-Control', 'no-store');
    try {
      const site =
        req.site ??
        (await this.shops.resolve(
          this.shops.hostOf(req),
          req.protocol === 'https' ? 'https' : 'http',
          req.headers.accept,
        ));
      // The error page does not depend on the URL: one rendering per site, status and reason.
      const key = `error:${status}:${site.origin}:${site.locale}${pageMissing ? ':page' : ''}${req.query.utm_medium === 'QRcode' ? ':qr' : ''}`;
      const reusable = status === 404 || status === 401;
      let page = reusable ? this.pageCache.get(key) : undefined;
      if (!page) {
        page = toCachedPage(await this.render.renderError(req, site, status, pageMissing), res);
        if (reusable) this.pageCache.set(key, page);
      }
      // The same unknown URL asked again is answered by the fast path (PageCacheMiddleware), from an
      // alias: a crawler's unknown URLs do not push the pages visitors ask for out of the cache.
      if (status === 404 && req.method === 'GET' && !isPrivate(res))
        this.pageCache.alias(pageCacheKey(site, req.originalUrl), page, res.locals.pageEpoch);
      sendCachedPage(req, res, page, nonce);
    } catch (error) {
      this.logger.error(`error page failed: ${(error as Error).stack ?? String(error)}`);
      res.send(fallbackPage(req.site?.locale));
    }
  }
}

const MEDIA_PATH = /^\/media(\/|$)/;

/**
 * The router's "Failed to decode param '%ff'" (bad percent-encoding in a path parameter), which
 * Nest hands over as a BadRequestException.
 */
function isMalformedUrl(exception: unknown): boolean {
  return (
    (exception instanceof URIError || exception instanceof HttpException) &&
    statusOf(exception) === HttpStatus.BAD_REQUEST &&
    exception.message.startsWith('Failed to decode param')
  );
}
/** What a 503 (database out of reach) asks clients to wait before trying again. */
const RETRY_AFTER_SECONDS = 10;

function statusOf(exception: unknown): number {
  if (exception instanceof DomainException) return exception.status;
  if (exception instanceof HttpException) return exception.getStatus();
  if (isDatabaseUnavailable(exception)) return HttpStatus.SERVICE_UNAVAILABLE;
  // Body parser and similar errors carry their own 4xx status.
  const status =
    (exception as { status?: unknown; statusCode?: unknown })?.status ??
    (exception as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 600) return status;
  return HttpStatus.INTERNAL_SERVER_ERROR;
}

/** What the body parser refused (malformed JSON, too large, unknown charset): named as the body. */
const BODY_ERRORS: Record<string, string> = {
  'entity.parse.failed': 'malformed JSON',
  'entity.too.large': 'too large',
  'entity.verify.failed': 'refused',
  'encoding.unsupported': 'unsupported content encoding',
  'charset.unsupported': 'unsupported charset',
  'request.aborted': 'aborted',
  'request.size.invalid': 'size does not match Content-Length',
  'stream.encoding.set': 'unreadable',
  'stream.not.readable': 'unreadable',
  'parameters.too.many': 'too many parameters',
};

function apiBody(exception: unknown, status: number): Record<string, unknown> {
  const bodyError = BODY_ERRORS[String((exception as { type?: unknown })?.type)];
  if (bodyError && status < 500)
    return {
      statusCode: status,
      error: DomainErrorCode.InvalidInput,
      message: 'Invalid body',
      details: { body: bodyError },
    };
  if (exception instanceof DomainException)
    return {
      statusCode: status,
      error: exception.code,
      message: exception.message,
      details: exception.details,
      ...(exception.errors ? { errors: exception.errors } : {}),
    };
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    return typeof response === 'object'
      ? { statusCode: status, ...response }
      : { statusCode: status, message: response };
  }
  return {
    statusCode: status,
    error: status === 503 ? 'Service Unavailable' : status >= 500 ? 'Internal Server Error' : 'Bad Request',
    message: status >= 500 ? 'Une erreur a eu lieu' : (exception as Error)?.message,
  };
}

/** Shown when the error page itself cannot be rendered: no shell, no data, still a way home. */
const FALLBACK_TEXTS: Record<'fr' | 'de', { title: string; home: string }> = {
  // The same words as i18n/*/errors.json (error.title, back_home); the e2e suite checks they agree.
  fr: { title: 'Une erreur a eu lieu', home: "Retour à l'accueil" },
  de: { title: 'Ein Fehler ist aufgetreten', home: 'Zurück zur Startseite' },
};

function renderFallback(languages: Array<'fr' | 'de'>): string {
  const [first] = languages;
  const blocks = languages
    .map(
      (lang) =>
        `<div lang="${lang}"><h1>${FALLBACK_TEXTS[lang].title}</h1><p><a href="/">${FALLBACK_TEXTS[lang].home.replace(/'/g, '&#x27;')}</a></p></div>`,
    )
    .join('');
  return (
    `<!DOCTYPE html><html lang="${first}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${FALLBACK_TEXTS[first].title}</title></head><body><main>${blocks}</main></body></html>`
  );
}

const FALLBACK_PAGES = {
  fr: renderFallback(['fr']),
  de: renderFallback(['de']),
  unknown: renderFallback(['fr', 'de']),
};

/**
 * The minimal error page, in the visitor's language when the host told it (French, the fallback
 * language, for the other locales), in both Swiss languages when even the site is unknown. Static
 * text built once: nothing here can fail.
 */
export function fallbackPage(locale: string | undefined): string {
  return locale === 'de' ? FALLBACK_PAGES.de : locale ? FALLBACK_PAGES.fr : FALLBACK_PAGES.unknown;
}
