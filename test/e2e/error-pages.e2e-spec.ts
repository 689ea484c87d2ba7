import { Controller, ForbiddenException, Get, Module, UnauthorizedException } from '@nestjs/common';
import request from 'supertest';
import { fallbackPage } from '../../src/common/errors/all-exceptions.filter';
import { Page } from '../../src/common/page/page.decorator';
import { buildPath } from '../../contracts/route-table';
import { PageCache } from '../../src/render/page-cache';
import { RenderService } from '../../src/render/render.service';
import deErrors from '../../i18n/de/errors.json';
import frErrors from '../../i18n/fr/errors.json';
import { DE, FR, startTestApp, type TestApp } from '../support/app';
import { decodeHtml, linkTexts } from '../support/http';

const SECRET = 'db password is hunter2';

function NoPage() {
  return null;
}

/** Test-only routes that fail the ways real ones can (SPEC §2.1, §2.2 error pages). */
@Controller('__test')
class FailingController {
  @Get('unauthorized')
  unauthorized(): never {
    throw new UnauthorizedException();
  }

  @Get('forbidden')
  forbidden(): never {
    throw new ForbiddenException();
  }

  @Get('failure')
  failure(): never {
    throw new Error(SECRET);
  }

  @Page('preview', NoPage, { middleware: ['doesNotExist'] })
  unknownMiddleware() {
    return { head: { title: 'never rendered' }, props: {} };
  }
}

@Module({ controllers: [FailingController] })
class FailingModule {}

const LANGUAGES = [
  { host: FR, texts: frErrors, unknownPath: '/cette-page-nexiste-pas/du-tout', searchPath: buildPath('results', 'fr') },
  { host: DE, texts: deErrors, unknownPath: '/gibt-es-nicht/wirklich', searchPath: buildPath('results', 'de') },
];

describe('error pages (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { imports: [FailingModule] });
  });

  afterAll(async () => {
    await t.app.close();
  });

  const get = (host: string, path: string) => request(t.server).get(path).set('Host', host);

  describe.each(LANGUAGES)('on $host', ({ host, texts, unknownPath, searchPath }) => {
    const expectErrorPage = (html: string, kind: 'notFound' | 'unauthorized' | 'error') => {
      const text = decodeHtml(html);
      expect(text).toContain(texts[kind].title);
      expect(text).toContain(texts[kind].text);
      expect(linkTexts(html, '/')).toContain(texts.back_home);
      expect(html).toContain('<meta name="robots" content="noindex');
    };

    it('answers an unknown URL with the 404 page and its search form', async () => {
      const res = await get(host, unknownPath)
        .expect(404)
        .expect('Content-Type', /text\/html/);
      expectErrorPage(res.text, 'notFound');
      expect(decodeHtml(res.text)).toContain(texts.notFound.search_label);
      expect(res.text).toMatch(new RegExp(`<form\\b[^>]*action="${searchPath}"`));
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers 401 with the not-authorised page', async () => {
      const res = await get(host, '/__test/unauthorized').expect(401);
      expectErrorPage(res.text, 'unauthorized');
    });

    it('answers a failure with the 500 page, without its details', async () => {
      const res = await get(host, '/__test/failure').expect(500);
      expectErrorPage(res.text, 'error');
      expect(res.text).not.toContain(SECRET);
    });

    it('shows the 500 page for any other status, which it keeps', async () => {
      const res = await get(host, '/__test/forbidden').expect(403);
      expectErrorPage(res.text, 'error');
    });
  });

  it('logs a failure with its stack, and a 404 not as an error', async () => {
    const before = t.logs.length;
    await get(FR, '/__test/failure').expect(500);
    await get(FR, '/nexiste-pas-non-plus').expect(404);
    const lines = t.logs
      .slice(before)
      .map((line) => JSON.parse(line) as { level: string; msg?: string; stack?: string });
    expect(
      lines.filter((l) => l.level === 'error' && l.msg === SECRET && l.stack?.includes('FailingController')),
    ).toHaveLength(1);
    expect(lines.filter((l) => l.level === 'error' && l.msg?.includes('nexiste'))).toHaveLength(0);
  });

  it('answers an unknown route middleware name with a plain 500', async () => {
    const res = await get(FR, '/__test/preview/1').expect(500);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('Unknown middleware doesNotExist');
  });

  it('answers JSON under /api', async () => {
    const res = await get(FR, '/api/v1/nothing-here').expect(404).expect('Content-Type', /json/);
    expect(res.body).toMatchObject({ statusCode: 404 });
  });

  describe('when the error page itself cannot be rendered', () => {
    let renderError: jest.SpyInstance;

    beforeEach(() => {
      renderError = jest.spyOn(t.app.get(RenderService), 'renderError').mockRejectedValue(new Error('render broke'));
      t.app.get(PageCache).clear();
    });

    afterEach(() => renderError.mockRestore());

    it.each([
      ['/__test/failure', 500],
      ['/plus-rien-ici', 404],
      ['/__test/unauthorized', 401],
    ])('%s still answers %i with the minimal page in the visitor language and a link home', async (path, status) => {
      for (const { host, texts } of LANGUAGES) {
        const res = await get(host, path)
          .expect(status)
          .expect('Content-Type', /text\/html/);
        expect(decodeHtml(res.text)).toContain(texts.error.title);
        expect(linkTexts(res.text, '/')).toEqual([texts.back_home]);
        expect(res.text).not.toContain('<script');
      }
      expect(renderError).toHaveBeenCalled();
    });

    it('speaks both Swiss languages when not even the site is known', () => {
      const html = fallbackPage(undefined);
      expect(decodeHtml(html)).toContain(frErrors.error.title);
      expect(decodeHtml(html)).toContain(deErrors.error.title);
      expect(linkTexts(html, '/')).toEqual([frErrors.back_home, deErrors.back_home]);
    });
  });
});
