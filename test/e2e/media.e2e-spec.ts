import sharp from 'sharp';
import request from 'supertest';
import type { ProductContent } from '../../src/database/seed/catalogue-content';
import { upsertProducts } from '../../src/database/seed/catalogue.seed';
import { brandLogo, editorialPicture, productPicture } from '../../src/modules/media/media-urls';
import { MediaService } from '../../src/modules/media/media.service';
import { FR, startTestApp, type TestApp } from '../support/app';

/** A product of our own, so the suite does not depend on the content pack's products. */
function fixture(nameFr: string): ProductContent {
  return {
    reference: 'MEDIA-E2E-1',
    ean: '7640000000017',
    brand: 'lactibiane',
    product_type: 'standard',
    expertises: [],
    needs: [],
    published: true,
    sales_plans: ['default'],
    price: 19.9,
    original_price: null,
    volume_discounts: [],
    is_new_from: null,
    is_new_to: null,
    is_new_formulae: false,
    promoted: false,
    is_free: false,
    position: 0,
    packaging_group: null,
    associates: [],
    image: { shape: 'bottle', color: '#0b7a75' },
    caracteristics: {},
    documents: [],
    nutrition: null,
    push_promote: null,
    texts: {
      fr: { name: nameFr, slug: 'media-e2e-produit', meta_description: '' },
      de: { name: 'Lactibiane Medien Test', slug: 'media-e2e-produkt', meta_description: '' },
    },
    faqs: [],
  };
}

const WEBP = 'image/webp,image/apng,image/*,*/*;q=0.8';

function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('generated images (e2e)', () => {
  let t: TestApp;
  let card: ReturnType<typeof productPicture>;

  const get = (path: string) => request(t.server).get(path).set('Host', FR).buffer(true).parse(binary);
  const brandName = 'Lactibiane';

  beforeAll(async () => {
    t = await startTestApp();
    await t.db.transaction().execute((trx) => upsertProducts(trx, [fixture('Lactibiane Test Média')]));
    card = productPicture(
      'MEDIA-E2E-1',
      'Lactibiane Test Média',
      brandName,
      { shape: 'bottle', color: '#0b7a75' },
      'card',
    );
  });

  afterAll(async () => {
    // The server-backed suite shares its database with the other suites.
    await t.db.deleteFrom('product').where('reference', '=', 'MEDIA-E2E-1').execute();
    await t.app.close();
  });

  it('serves a product card in WebP to a browser that accepts it, 140×140, immutable', async () => {
    const url = card.webp.replace(/\.webp$/, '');
    const res = await get(url).set('Accept', WEBP).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept/);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{10}-card-webp"$/);
    const body = res.body as Buffer;
    expect(body.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(body.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: 140, height: 140 });
  });

  it('falls back to PNG without image/webp in Accept, and serves the explicit twins', async () => {
    const negotiated = await get(card.fallback.replace(/\.png$/, ''))
      .set('Accept', 'image/*')
      .expect(200);
    expect(negotiated.headers['content-type']).toBe('image/png');
    expect(negotiated.headers.vary).toMatch(/Accept/);
    expect((negotiated.body as Buffer).subarray(1, 4).toString('ascii')).toBe('PNG');

    const png = await get(card.fallback).set('Accept', WEBP).expect(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers.vary).toBeUndefined();
    expect(await sharp(png.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 140, height: 140 });

    const webp2x = await get(card.webp2x as string).expect(200);
    expect(await sharp(webp2x.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 280, height: 280 });
  });

  it('serves the zoom size', async () => {
    const zoom = productPicture(
      'MEDIA-E2E-1',
      'Lactibiane Test Média',
      brandName,
      { shape: 'bottle', color: '#0b7a75' },
      'zoom',
    );
    const res = await get(zoom.fallback).expect(200);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 1000, height: 1000 });
  });

  it('serves an 80×60 brand logo and a 40×40 icon', async () => {
    const logo = brandLogo('lactibiane', brandName, '#0b7a75', 'logo');
    const res = await get(logo.webp).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 80, height: 60, hasAlpha: true });
    const icon = await get(brandLogo('lactibiane', brandName, '#0b7a75', 'icon').fallback).expect(200);
    expect(await sharp(icon.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 40, height: 40 });
  });

  it('redirects a stale version to the current URL, uncached, keeping the format form', async () => {
    const stale = await get('/media/product/media-e2e-1/0123456789/card.webp').expect(301);
    expect(stale.headers.location).toBe(card.webp);
    expect(stale.headers['cache-control']).toMatch(/no-cache/);
    const negotiated = await get('/media/product/media-e2e-1/0123456789/card').expect(301);
    expect(negotiated.headers.location).toBe(card.webp.replace(/\.webp$/, ''));
    const brand = await get('/media/brand/lactibiane/0123456789/logo.png').expect(301);
    expect(brand.headers.location).toBe(brandLogo('lactibiane', brandName, '#0b7a75', 'logo').fallback);
  });

  it('follows a product change: the old URL moves, the new one is served at once', async () => {
    await get(card.webp).expect(200);
    await t.db.transaction().execute((trx) => upsertProducts(trx, [fixture('Lactibiane Test Média Plus')]));
    const renamed = productPicture(
      'MEDIA-E2E-1',
      'Lactibiane Test Média Plus',
      brandName,
      { shape: 'bottle', color: '#0b7a75' },
      'card',
    );
    expect(renamed.webp).not.toBe(card.webp);
    // The cached description is older than the URL: it is reloaded, not redirected back.
    await get(renamed.webp).expect(200);
    const old = await get(card.webp).expect(301);
    expect(old.headers.location).toBe(renamed.webp);
    await t.db.transaction().execute((trx) => upsertProducts(trx, [fixture('Lactibiane Test Média')]));
    await get(card.webp).expect(200);
  });

  it('answers 404 in plain text for unknown products, brands, sizes and formats', async () => {
    for (const path of [
      '/media/product/nope-404/0123456789/card.webp',
      '/media/brand/nope/0123456789/logo.webp',
      card.webp.replace('/card.webp', '/huge.webp'),
      card.webp.replace('.webp', '.gif'),
      brandLogo('lactibiane', brandName, '#0b7a75', 'logo').webp.replace('/logo.', '/card.'),
    ]) {
      const res = await get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect((res.body as Buffer).length).toBeLessThan(100);
    }
  });

  it('answers 304 to a matching If-None-Match and renders a hot image once', async () => {
    const media = t.app.get(MediaService);
    const first = await get(card.fallback).expect(200);
    const rendered = media.renderedCount;
    await get(card.fallback).expect(200);
    expect(media.renderedCount).toBe(rendered);
    const etag = first.headers.etag as string;
    const notModified = await get(card.fallback).set('If-None-Match', etag).expect(304);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toMatch(/immutable/);
    await get(card.fallback).set('If-None-Match', `"other", W/${etag}`).expect(304);
    await get(card.fallback).set('If-None-Match', '"other"').expect(200);
  });

  it('finds a reference whatever its case in the URL', async () => {
    await get(card.webp.replace('media-e2e-1', 'MEDIA-E2E-1')).expect(200);
  });

  it('serves editorial pictures (motif and palette) in WebP and PNG, immutable; 404 for unknown ones, 301 for a stale version', async () => {
    const cover = editorialPicture({ motif: 'microbiome', palette: 'teal' }, 'cover', '');
    const webp = await get(cover.webp).expect(200);
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(webp.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 1440, height: 480 });
    const card = editorialPicture({ motif: 'sprout', palette: 'insudiet' }, 'card', '');
    const png = await get(card.fallback2x as string).expect(200);
    expect(await sharp(png.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 720, height: 406 });
    for (const path of [
      card.webp.replace('/sprout/', '/unicorn/'),
      card.webp.replace('/insudiet/', '/chartreuse/'),
      card.webp.replace('/card.webp', '/poster.webp'),
      card.webp.replace('.webp', '.gif'),
      '/media/editorial/sprout%00/teal/0123456789/card.png',
    ])
      await get(path).expect(404);
    const stale = await get(card.fallback.replace(/\/[0-9a-f]{10}\//, '/0123456789/')).expect(301);
    expect(stale.headers.location).toBe(card.fallback);
  });

  it('serves editorial pictures in AVIF too, smaller than the WebP; packshots and logos have none', async () => {
    const slide = editorialPicture({ motif: 'citrus', palette: 'immunalpes' }, 'slide', '');
    const avif = await get(slide.avif2x as string).expect(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(avif.body as Buffer).metadata()).toMatchObject({ format: 'heif', width: 960, height: 640 });
    const webp = await get(slide.webp2x as string).expect(200);
    expect((avif.body as Buffer).length).toBeLessThan((webp.body as Buffer).length * 0.6);
    const stale = await get((slide.avif as string).replace(/\/[0-9a-f]{10}\//, '/0123456789/')).expect(301);
    expect(stale.headers.location).toBe(slide.avif);
    await get(card.webp.replace('.webp', '.avif')).expect(404);
    await get(brandLogo('lactibiane', brandName, '#0b7a75', 'logo').webp.replace('.webp', '.avif')).expect(404);
  });
});
