/**
 * The content API's OpenAPI document (issue 15): served at /api/v1/docs.json, generated from the
 * controllers and DTOs, and covering every /api route the app really serves (read from Express's
 * own router, not from the metadata the document is built from).
 */
import request from 'supertest';
import { DE, FR, startTestApp, type TestApp } from '../support/app';

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** The /api routes Express dispatches, as "method /path/{param}". */
function routedApi(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  const out = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    for (const path of Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && method !== '_all') out.add(`${method} ${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    }
  }
  return [...out].sort();
}

describe('OpenAPI document of the content API (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.app.close();
  });

  it.each([FR, DE])('is served as JSON at /api/v1/docs.json on %s', async (host) => {
    const res = await request(t.server).get('/api/v1/docs.json').set('Host', host).expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ openapi: '3.0.3', info: { version: 'v1' } });
  });

  it('lists every /api route the app serves, with its method', async () => {
    const { body } = await request(t.server).get('/api/v1/docs.json').set('Host', FR).expect(200);
    const documented = Object.entries(body.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`))
      .sort();
    const routed = routedApi(t);
    expect(routed.length).toBeGreaterThan(30);
    expect(routed).toContain('get /api/v1/redirections');
    expect(routed).toContain('post /api/v1/auth/logout');
    expect(routed.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !routed.includes(route))).toEqual([]);
  });

  it('describes parameters from the DTOs and their validation', async () => {
    const { body } = await request(t.server).get('/api/v1/docs.json').set('Host', FR).expect(200);
    const params = (path: string, method = 'get') =>
      Object.fromEntries(
        (
          body.paths[path][method].parameters as Array<{ name: string; in: string; required: boolean; schema: object }>
        ).map((p) => [p.name, p]),
      );
    expect(params('/api/v1/menus')).toMatchObject({
      shop_id: { in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 2147483647 } },
      lang: { in: 'query', schema: { enum: ['fr', 'de', 'it', 'es', 'nl'] } },
    });
    expect(params('/api/v1/homepage').type.schema).toEqual({ type: 'string', enum: ['homepage', 'products'] });
    expect(params('/api/v1/categories').depth.schema).toMatchObject({ type: 'integer', minimum: 0, maximum: 3 });
    expect(params('/api/v1/product').asm.schema).toMatchObject({ type: 'boolean' });
    expect(params('/api/v1/url/entity').entity_type.required).toBe(true);
    expect(params('/api/v1/product/{id}').id).toMatchObject({
      in: 'path',
      required: true,
      schema: { type: 'integer' },
    });
    expect(body.paths['/api/v1/auth/logout'].post.security).toEqual([{ bearer: [] }]);
    // The write API: bearer, and the request body schema the handler validates with (zod, one definition).
    for (const [path, method] of [
      ['/api/v1/product', 'post'],
      ['/api/v1/page/{id}', 'put'],
      ['/api/v1/settings/{code}', 'delete'],
    ] as const) {
      expect(body.paths[path][method].security).toEqual([{ bearer: [] }]);
      expect(Object.keys(body.paths[path][method].responses)).toEqual(
        expect.arrayContaining(['401', '403', '409', '429']),
      );
    }
    const product = body.paths['/api/v1/product'].post.requestBody.content['application/json'].schema;
    expect(product.required).toEqual(expect.arrayContaining(['reference', 'ean', 'brand', 'texts']));
    expect(product.properties.reference).toMatchObject({ type: 'string', maxLength: 40 });
    expect(product.additionalProperties).toBe(false);
    expect(
      body.paths['/api/v1/settings'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('value');
    expect(body.paths['/api/v1/product/{id}'].delete.responses['204']).toEqual({ description: 'Done, no content' });
    expect(body.paths['/api/v1/redirections'].get.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });
});
