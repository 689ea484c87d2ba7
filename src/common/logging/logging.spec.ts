import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { createLogging, type LogLevel } from './logging';

type Line = Record<string, unknown>;

function capture(level: LogLevel = 'debug') {
  const lines: string[] = [];
  const logging = createLogging(level, { write: (line: string) => void lines.push(line) });
  return { logging, lines, entries: () => lines.map((line) => JSON.parse(line) as Line) };
}

/** An app with the logger's middleware first, as in app.factory.ts. */
function appWith(logging: ReturnType<typeof createLogging>) {
  const app = express();
  app.set('trust proxy', 0);
  app.use(logging.http);
  app.use('/mounted', (_req, res) => void res.send('mounted'));
  app.get('/inside', (req, res) => {
    logging.nest.warn('while serving', 'SomeService');
    req.log.info({ req, headers: req.headers }, 'the request itself');
    res.send('ok');
  });
  app.get('/boom', (_req, res) => void res.status(502).send('bad gateway'));
  app.get('/slow', (_req, res) => void setTimeout(() => res.send('late'), 300));
  return app;
}

describe('createLogging', () => {
  it('writes one JSON object per line: ISO time, level as a word, msg, no pid or hostname', () => {
    const { logging, lines, entries } = capture('info');
    logging.root.info({ port: 3000 }, 'listening');
    expect(lines).toHaveLength(1);
    expect(lines[0].endsWith('}\n')).toBe(true);
    const [entry] = entries();
    expect(entry).toEqual({ level: 'info', time: expect.any(String), port: 3000, msg: 'listening' });
    expect(new Date(entry.time as string).toISOString()).toBe(entry.time);
  });

  it.each<[LogLevel, string[]]>([
    ['debug', ['debug', 'info', 'warn', 'error']],
    ['info', ['info', 'warn', 'error']],
    ['warn', ['warn', 'error']],
    ['error', ['error']],
    ['silent', []],
  ])('LOG_LEVEL=%s writes %j', (level, written) => {
    const { logging, entries } = capture(level);
    logging.nest.debug('d', 'Ctx');
    logging.nest.log('i', 'Ctx');
    logging.nest.warn('w', 'Ctx');
    logging.nest.error('e', undefined, 'Ctx');
    expect(entries().map((entry) => entry.level)).toEqual(written);
  });

  it("gives Nest's messages their context, and an exception its message and stack", () => {
    const { logging, entries } = capture();
    logging.nest.log('Nest application successfully started', 'NestApplication');
    logging.nest.error(new Error('render exploded'), undefined, 'Errors');
    // Nest's own exception handler passes (message, stack, context).
    logging.nest.error('unhandled', 'Error: unhandled\n    at Handler (x.ts:1:1)', 'ExceptionsHandler');
    const [started, failure, unhandled] = entries();
    expect(started).toMatchObject({
      level: 'info',
      context: 'NestApplication',
      msg: 'Nest application successfully started',
    });
    expect(failure).toMatchObject({ level: 'error', context: 'Errors', msg: 'render exploded' });
    expect(failure.stack).toEqual(expect.stringContaining('Error: render exploded\n    at '));
    expect(failure.err).toBeUndefined();
    expect(unhandled).toMatchObject({ level: 'error', context: 'ExceptionsHandler', msg: 'unhandled' });
    expect(unhandled.stack).toContain('at Handler (x.ts:1:1)');
  });

  it('gives each request an id (X-Request-Id), carried by every line written while serving it', async () => {
    const { logging, entries } = capture('info');
    const res = await request(appWith(logging)).get('/inside?secret=1').expect(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const lines = entries();
    expect(lines.find((entry) => entry.msg === 'while serving')).toMatchObject({
      level: 'warn',
      context: 'SomeService',
      requestId: id,
    });
    const access = lines.filter((entry) => entry.msg === 'request');
    expect(access).toEqual([
      {
        level: 'info',
        time: expect.any(String),
        requestId: id,
        method: 'GET',
        path: '/inside',
        status: 200,
        ms: expect.any(Number),
        ip: expect.stringMatching(/127\.0\.0\.1$/),
        msg: 'request',
      },
    ]);
    // Lines outside a request have no id.
    logging.nest.log('after', 'Ctx');
    expect(entries().at(-1)).not.toHaveProperty('requestId');
  });

  it('keeps a well-formed incoming X-Request-Id and replaces anything else', async () => {
    const { logging, entries } = capture('info');
    const app = appWith(logging);
    const kept = await request(app).get('/inside').set('X-Request-Id', 'lb-1234abcd.5678').expect(200);
    expect(kept.headers['x-request-id']).toBe('lb-1234abcd.5678');
    for (const bad of ['short', 'x'.repeat(65), 'has space1', 'quote"}{', 'ünïcode-id']) {
      const replaced = await request(app).get('/inside').set('X-Request-Id', bad).expect(200);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(entries().filter((entry) => entry.requestId === 'lb-1234abcd.5678' && entry.msg === 'request')).toHaveLength(
      1,
    );
  });

  it('logs a 5xx answer at error, the full path of a mounted handler, and never the query string', async () => {
    const { logging, entries } = capture('info');
    const app = appWith(logging);
    await request(app).get('/boom?token=abc').expect(502);
    await request(app).get('/mounted/deeper/file.js?v=1').expect(200);
    const access = entries().filter((entry) => entry.msg === 'request');
    expect(access[0]).toMatchObject({ level: 'error', status: 502, path: '/boom' });
    expect(access[1]).toMatchObject({ level: 'info', status: 200, path: '/mounted/deeper/file.js' });
    expect(JSON.stringify(access)).not.toContain('token=abc');
  });

  it('says so when the client left before the answer was complete', async () => {
    const { logging, entries } = capture('info');
    const server = appWith(logging).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const client = httpRequest({ host: '127.0.0.1', port, path: '/slow' });
      client.on('error', () => undefined);
      client.end();
      await new Promise((resolve) => setTimeout(resolve, 100));
      client.destroy();
      await new Promise((resolve) => setTimeout(resolve, 400));
    } finally {
      server.close();
    }
    expect(entries().filter((entry) => entry.msg === 'request')).toEqual([
      expect.objectContaining({ path: '/slow', aborted: true }),
    ]);
  });

  describe('redaction', () => {
    it('hides credentials in a logged request and in headers', async () => {
      const { logging, lines, entries } = capture('info');
      await request(appWith(logging))
        .get('/inside')
        .set('Authorization', 'Bearer very-secret')
        .set('Cookie', 'sid=session-secret')
        .set('Accept', 'text/html')
        .expect(200);
      const line = entries().find((entry) => entry.msg === 'the request itself') as {
        req: { headers: Record<string, string> };
        headers: Record<string, string>;
      };
      expect(line.req.headers).toMatchObject({
        authorization: '[Redacted]',
        cookie: '[Redacted]',
        accept: 'text/html',
      });
      expect(line.headers).toMatchObject({ authorization: '[Redacted]', cookie: '[Redacted]', accept: 'text/html' });
      logging.root.info({ headers: { 'set-cookie': ['sid=abc'], 'proxy-authorization': 'Basic x' } }, 'answer');
      expect(entries().at(-1)?.headers).toEqual({ 'set-cookie': '[Redacted]', 'proxy-authorization': '[Redacted]' });
      expect(lines.join('')).not.toMatch(/very-secret|session-secret|sid=abc|Basic x/);
    });

    it('hides passwords, tokens and secrets, and masks e-mail addresses in bodies', () => {
      const { logging, lines, entries } = capture('info');
      logging.root.info({ password: 'hunter2', token: 't0k3n', secret: 's3cr3t' }, 'fields');
      logging.root.info(
        {
          body: {
            email: 'anna.muster@example.ch',
            message: 'Please answer to anna.muster@example.ch or to b@test.de, thanks',
            newPassword: 'hunter3',
            contact: { mail: 'c@example.org', phone: '+41 21 000 00 00', apiKey: 'k' },
            recipients: ['d@example.com'],
            quantity: 3,
          },
        },
        'form',
      );
      const [fields, form] = entries();
      expect(fields).toMatchObject({ password: '[Redacted]', token: '[Redacted]', secret: '[Redacted]' });
      expect(form.body).toEqual({
        email: '[email]',
        message: 'Please answer to [email] or to [email], thanks',
        newPassword: '[Redacted]',
        contact: { mail: '[email]', phone: '+41 21 000 00 00', apiKey: '[Redacted]' },
        recipients: ['[email]'],
        quantity: 3,
      });
      expect(lines.join('')).not.toMatch(/hunter|t0k3n|s3cr3t|@example|@test/);
    });
  });
});
