/**
 * Two replicas (issue 15 "Caches stay true across replicas"): two app instances on one PostgreSQL
 * server and one Redis, as in production. A change written through one is served by the other
 * within 1 s, for a cached read model (settings, in Redis and the other's in-process layer) and for
 * a cached rendered page (the other's page cache). Server-backed suite only: without DATABASE_URL
 * and REDIS_URL there is nothing shared to test (the in-process path is content-write.e2e-spec.ts).
 */
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { buildPath } from '../../contracts/route-table';
import { createApp } from '../../src/app.factory';
import { createLogging } from '../../src/common/logging/logging';
import { loadConfig } from '../../src/config/app.config';
import { FR, startTestApp, type TestApp } from '../support/app';
import { productBody, removeTestContent, write, writeToken } from '../support/write-api';

const servers = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;
if (!servers)
  process.stdout.write(
    'content-write-replicas: skipped, it needs DATABASE_URL and REDIS_URL (one PostgreSQL server and one Redis for two app instances)\n',
  );

/** Polls `check` until it holds; the time it took, in ms (fails past `limitMs`). */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`not served within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

(servers ? describe : describe.skip)('two replicas on one PostgreSQL and one Redis (e2e)', () => {
  let a: TestApp;
  let b: NestExpressApplication;
  let auth: string;

  beforeAll(async () => {
    a = await startTestApp();
    // The second replica: same servers, no seed of its own (a replica never loads content).
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: ':memory:',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
      VIDEO_THUMBNAIL_ORIGIN: 'none',
    });
    b = await createApp(config, createLogging(config.LOG_LEVEL, { write: () => undefined }));
    auth = (await writeToken(a)).header;
  });

  afterAll(async () => {
    if (a) await removeTestContent(a);
    await b?.close();
    await a?.app.close();
  });

  it('serves a setting written through the other replica within 1 s (cached read model)', async () => {
    const settings = async () =>
      JSON.stringify(
        (await request(b.getHttpServer()).get('/api/v1/settings?lang=fr').set('Host', FR).expect(200)).body,
      );
    // Cached on B (Redis and its in-process layer) before the write.
    expect(await settings()).not.toContain('Replica value 1');
    await settings();
    await write(a, 'post', 'settings?lang=fr', auth, { code: 'replica_test', value: 'Replica value 1' }).expect(201);
    const ms = await within(1000, async () => (await settings()).includes('Replica value 1'));
    process.stdout.write(`replicas: setting served by the other instance after ${ms} ms\n`);
    await write(a, 'put', 'settings/replica_test?lang=fr', auth, {
      code: 'replica_test',
      value: 'Replica value 2',
    }).expect(200);
    await within(1000, async () => (await settings()).includes('Replica value 2'));
  });

  it('serves a product page changed through the other replica within 1 s (cached page)', async () => {
    const body = productBody('replica');
    const { id } = (await write(a, 'post', 'product', auth, body).expect(201)).body.data;
    const path = buildPath('product', 'fr', { slug: body.texts.fr.slug });
    const page = async () => (await request(b.getHttpServer()).get(path).set('Host', FR)).text;
    // Rendered and kept in B's page cache (the second request is the cache's).
    await within(1000, async () => (await page()).includes('Zorblex replica fr'));
    expect(await page()).toContain('Zorblex replica fr');
    body.texts.fr.name = 'Replicated name';
    await write(a, 'put', `product/${id}`, auth, body).expect(200);
    const ms = await within(1000, async () => (await page()).includes('Replicated name'));
    process.stdout.write(`replicas: page served by the other instance after ${ms} ms\n`);
    await write(a, 'delete', `product/${id}`, auth).expect(204);
    await within(1000, async () => (await request(b.getHttpServer()).get(path).set('Host', FR)).status === 404);
  });
});
