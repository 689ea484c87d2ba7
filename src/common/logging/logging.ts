import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { Logger as NestPinoLogger, PinoLogger } from 'nestjs-pino';
import { Store, storage } from 'nestjs-pino/storage';
import pino, { type DestinationStream, type Logger as Pino } from 'pino';
import { pinoHttp } from 'pino-http';
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
 * - `http`: the first middleware of the pipeline (pino-http): request id, that request's logger in
 *   scope, and one access line when the answer has gone.
 */
export interface Logging {
  readonly root: Pino;
  readonly nest: NestPinoLogger;
  readonly http: (req: Request, res: Response, next: () => void) => void;
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
const STARTED = Symbol('started');
type Timed = { [STARTED]?: bigint };

/** The access line: method, path (no query string), status, duration in ms, client address. */
function accessFields(req: IncomingMessage, res: ServerResponse): Record<string, unknown> {
  const request = req as Request;
  const started = (res as Timed)[STARTED];
  return {
    method: request.method,
    path: requestPath(request),
    status: res.statusCode,
    ms: started === undefined ? undefined : Number(process.hrtime.bigint() - started) / 1e6,
    ip: request.ip,
    // The client went away before the answer was complete (the status is what would have been sent).
    ...(res.writableFinished ? {} : { aborted: true }),
  };
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
  const http = pinoHttp<IncomingMessage, ServerResponse, never>(
    {
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
      redact: { paths: REDACT_PATHS, censor },
      // pino-http binds the whole request to a child logger on every request: under this key, and
      // serialised to nothing, it costs nothing (`req`, when a line logs one, keeps pino's serialiser).
      customAttributeKeys: { reqId: 'requestId', req: 'httpRequest' },
      wrapSerializers: false,
      serializers: {
        httpRequest: () => undefined,
        req: pino.stdSerializers.req,
        res: pino.stdSerializers.res,
        err: pino.stdSerializers.err,
      },
      quietReqLogger: true,
      quietResLogger: true,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      customSuccessMessage: () => 'request',
      customErrorMessage: () => 'request',
      customSuccessObject: accessFields,
      // 5xx: the access line at error; the exception and its stack are the error line logged by the
      // exception filter, not repeated here.
      customErrorObject: accessFields,
    },
    destination,
  );
  const root = http.logger;
  return {
    root,
    nest: new NestPinoLogger(new ScopedPinoLogger(root), {}),
    http: (req, res, next) => {
      (res as Timed)[STARTED] = process.hrtime.bigint();
      http(req, res, () => storage.run(new Store(req.log), next));
    },
  };
}
