import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { Store, storage } from 'nestjs-pino/storage';
import pino, { type DestinationStream, type Logger as Pino, type LoggerOptions } from 'pino';
import { requestPath } from '../http/safe-redirect';

/** Nest injection token of the app's `Logging`. */
export const LOGGING = 'LOGGING';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** Where lines go: stdout by default; tests pass `{ write: (line) => lines.push(line) }`. */
export type LogDestination = DestinationStream;

/**
 * The app's logging, one pino logger behind three faces:
 * - `root`: events outside any request (main.ts: listening, shutdown);
 * - `nest`: Nest's logger (framework messages and every `new Logger(context)`), nestjs-pino's adapter,
 *   which writes through the logger of the request being served, so its lines carry `requestId`;
 * - `http`: the first middleware of the pipeline: request id, that request's child logger (`req.log`,
 *   and in scope through nestjs-pino's AsyncLocalStorage), and one access line when the answer has gone.
 */
export interface Logging {
  readonly root: Pino;
  readonly nest: NestPinoLogger;
  readonly http: (req: Request, res: Response, next: () => void) => void;
  /**
   * The access line of an answer written outside the pipeline (the page cache's fast lane), as `http`
   * writes it: with `requestId`, when the response closes. Nothing is prepared when the line's level
   * is off.
   */
  readonly access: (requestId: string, req: AccessRequest, res: ServerResponse, started: bigint) => void;
}

/** What the access line says of a request. */
export interface AccessRequest {
  readonly method: string;
  readonly originalUrl: string;
  /** The client address (req.ip), read when the line is written. */
  readonly ip: () => string | undefined;
}

const REDACTED = '[Redacted]';
/** Keys whose value never reaches a log line, wherever a redacted path meets them. */
const SECRET_KEY = /authorization|cookie|passw|secret|token|api[-_]?key/i;
const EMAIL = /[^\s@<>()[\],;:"']+@[^\s@<>()[\],;:"']+\.[a-z]{2,}/gi;

/**
 * Redacted paths: credentials in headers (a logged request or response), secrets as fields, and the
 * fields of a request body (a form), where e-mail addresses are masked too. Paths are named from the
 * top-level key (no leading `*`): pino checks them only on lines that carry that key, so the access
 * line pays nothing for them.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers["proxy-authorization"]',
  'headers.cookie',
  'headers["set-cookie"]',
  'password',
  'token',
  'secret',
  'body.*',
  'req.body.*',
];

/** A body field keeps its shape: secrets out, e-mail addresses masked in every string. */
function censor(value: unknown, path: string[]): unknown {
  if (SECRET_KEY.test(path[path.length - 1] ?? '')) return REDACTED;
  return maskEmails(value, 0);
}

function maskEmails(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(EMAIL, '[email]');
  if (depth > 5 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => maskEmails(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : maskEmails(item, depth + 1)]),
  );
}

/** An incoming X-Request-Id (nginx's $request_id) is kept when well-formed, else replaced. */
const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** One access line when the answer has gone: 'close' follows 'finish' at once, and also comes alone when the client leaves first. */
function logOnClose(log: () => Pino, req: AccessRequest, res: ServerResponse, started: bigint): void {
  res.once('close', () => {
    const fields = {
      method: req.method,
      path: requestPath(req),
      status: res.statusCode,
      ms: Number(process.hrtime.bigint() - started) / 1e6,
      ip: req.ip(),
      // The answer was not complete (the status is what would have been sent).
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    // 5xx at error; the exception and its stack are the exception filter's own line.
    if (res.statusCode >= 500) log().error(fields, 'request');
    else log().info(fields, 'request');
  });
}

/**
 * pino's logger as nestjs-pino's, but reading its own root outside requests: nestjs-pino keeps the
 * out-of-request logger in a module global set by the first instance, which would send every later
 * app's lines (tests start several apps in one process) to the first one's destination.
 */
class ScopedPinoLogger extends PinoLogger {
  constructor(private readonly root: Pino) {
    super({ pinoHttp: { logger: root } });
  }

  override get logger(): Pino {
    return storage.getStore()?.logger ?? this.root;
  }
}

export function createLogging(level: LogLevel, destination?: LogDestination): Logging {
  const options: LoggerOptions = {
    level,
    // One JSON object per line: {"level":"info","time":"2026-…Z",…,"msg":"…"}, no pid or hostname.
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      level: (label) => ({ level: label }),
      // An error logged as an object (Nest passes the exception) becomes its message and its stack.
      log: (object) => {
        const { err, ...rest } = object;
        return err instanceof Error ? { ...rest, stack: err.stack } : object;
      },
    },
    // A request or response put on a line is logged as pino's summary (method, url, headers…).
    serializers: { req: pino.stdSerializers.req, res: pino.stdSerializers.res, err: pino.stdSerializers.err },
    redact: { paths: REDACT_PATHS, censor },
  };
  const root = destination ? pino(options, destination) : pino(options);
  return {
    root,
    nest: new NestPinoLogger(new ScopedPinoLogger(root), {}),
    http: (req, res, next) => {
      const started = process.hrtime.bigint();
      const requestId = requestIdOf(req.headers);
      req.id = requestId;
      res.setHeader('X-Request-Id', requestId);
      // One child per request, not pino-http's two: a logger made the prototype of another one costs
      // V8 a prototype map, measured at 13 µs per request (docs/decisions.md).
      const log = root.child({ requestId });
      req.log = log;
      logOnClose(() => log, { method: req.method, originalUrl: req.originalUrl, ip: () => req.ip }, res, started);
      storage.run(new Store(log), next);
    },
    access: (requestId, req, res, started) => {
      if (root.isLevelEnabled(res.statusCode >= 500 ? 'error' : 'info'))
        logOnClose(() => root.child({ requestId }), req, res, started);
    },
  };
}
