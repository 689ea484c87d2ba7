import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';

export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

/**
 * Structured JSON logs, one line per event, carrying the request id of the request being served
 * (AsyncLocalStorage). Used as Nest's logger, so framework messages come out the same way.
 */
export class JsonLogger implements LoggerService {
  private readonly threshold: number;

  constructor(
    level: LogLevel = 'info',
    private readonly write: (line: string) => void = (line) => process.stdout.write(line),
  ) {
    this.threshold = LEVELS[level];
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.emit('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }

  /** An event with fields (access log, shutdown steps…). */
  event(level: Exclude<LogLevel, 'silent'>, msg: string, fields: Record<string, unknown>): void {
    if (LEVELS[level] < this.threshold) return;
    this.print({ level, msg, ...fields });
  }

  private emit(level: Exclude<LogLevel, 'silent'>, message: unknown, rest: unknown[]): void {
    if (LEVELS[level] < this.threshold) return;
    // Nest passes (message, context) or (message, stack, context).
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    const fields: Record<string, unknown> = { level, context };
    if (message instanceof Error) {
      fields.msg = message.message;
      fields.stack = message.stack;
    } else if (typeof message === 'object' && message !== null) Object.assign(fields, message);
    else fields.msg = String(message);
    if (stack) fields.stack = stack;
    this.print(fields);
  }

  private print(fields: Record<string, unknown>): void {
    const requestId = requestContext.getStore()?.requestId;
    this.write(
      `${JSON.stringify({ time: new Date().toISOString(), ...fields, ...(requestId ? { requestId } : {}) })}\n`,
    );
  }
}
