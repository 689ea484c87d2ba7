import { requestPath, requestTarget, safeRedirectTarget, samePath, sameTargetOn, sendRedirect } from './safe-redirect';

/** Where a browser would go from a page of this site: the WHATWG parser treats "\" like "/". */
const hostOf = (location: string) => new URL(location, 'https://produits.example.ch/page').host;

describe(safeRedirectTarget.name, () => {
  it.each([
    ['/produits', '/produits'],
    ['/produits?x=1&y=2', '/produits?x=1&y=2'],
    ['//evil.example/x', '/evil.example/x'],
    ['///evil.example', '/evil.example'],
    ['/\\evil.example', '/evil.example'],
    ['\\\\evil.example', '/evil.example'],
    ['/\t/evil.example', '/evil.example'],
    ['/\n\r/evil.example', '/evil.example'],
    ['  /produits  ', '/produits'],
  ])('keeps the path %j on this site as %j', (target, expected) => {
    const sut = safeRedirectTarget(target);
    expect(sut).toBe(expected);
    expect(hostOf(sut!)).toBe('produits.example.ch');
  });

  it.each(['https://pro.example.ch/fr', 'http://produkte.localhost:3000/kontakt?x=1'])(
    'keeps the explicit http(s) URL %s',
    (target) => {
      expect(safeRedirectTarget(target)).toBe(new URL(target).toString());
    },
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://files.example/x',
    'evil.example',
    'produits',
    'https:/\\evil.example',
    'http://',
    '',
  ])('refuses %j', (target) => {
    expect(safeRedirectTarget(target)).toBeNull();
  });
});

describe(samePath.name, () => {
  it('turns any mix of leading slashes and backslashes into one slash', () => {
    expect(samePath('/\\/\\evil.example/a\\b')).toBe('/evil.example/a/b');
    expect(samePath('')).toBe('/');
  });
});

describe(sendRedirect.name, () => {
  const response = () => {
    const sent: { headers: Record<string, string>; code?: number; url?: string } = { headers: {} };
    const res = {
      setHeader: (name: string, value: string) => (sent.headers[name] = value),
      redirect: (code: number, url: string) => Object.assign(sent, { code, url }),
    };
    return { res, sent };
  };

  it('answers uncached', () => {
    const { res, sent } = response();
    sendRedirect(res, 301, '/produits?x=1');
    expect(sent).toEqual({
      code: 301,
      url: '/produits?x=1',
      headers: { 'Cache-Control': 'no-cache, no-store, must-revalidate' },
    });
  });

  it('never sends a protocol-relative or non-http location, whoever built it', () => {
    for (const [target, expected] of [
      ['//evil.example/x', '/evil.example/x'],
      ['/\\evil.example', '/evil.example'],
      ['javascript:alert(1)', '/'],
    ]) {
      const { res, sent } = response();
      sendRedirect(res, 302, target);
      expect(sent.url).toBe(expected);
    }
  });
});

describe(requestPath.name, () => {
  it('drops the query', () => {
    expect(requestPath({ originalUrl: '/a/b?c=d?e' })).toBe('/a/b');
    expect(requestPath({ originalUrl: '/a/b' })).toBe('/a/b');
  });

  it('reads the path of a request target in absolute form', () => {
    expect(requestPath({ originalUrl: 'http://evil.example/a/b?c=d' })).toBe('/a/b');
    expect(requestPath({ originalUrl: 'http://evil.example' })).toBe('/');
  });
});

describe(requestTarget.name, () => {
  it.each([
    ['/a?b=c', '/a?b=c'],
    ['http://evil.example/', '/'],
    ['HTTPS://evil.example:8443/x?y=1', '/x?y=1'],
    ['http://evil.example?y=1', '/?y=1'],
    ['//evil.example/x', '//evil.example/x'],
  ])('%j is %j in origin form', (originalUrl, expected) => {
    expect(requestTarget(originalUrl)).toBe(expected);
  });
});

describe(sameTargetOn.name, () => {
  it.each([
    ['/conseil/x?utm=1', 'http://produits.localhost/conseil/x?utm=1'],
    ['http://evil.com/', 'http://produits.localhost/'],
    ['http://evil.com/a?b=c', 'http://produits.localhost/a?b=c'],
    ['//evil.example/x', 'http://produits.localhost/evil.example/x'],
    ['/\\evil.example', 'http://produits.localhost/evil.example'],
  ])('keeps the path of %j on the given origin: %j', (originalUrl, expected) => {
    const sut = sameTargetOn('http://produits.localhost', originalUrl);
    expect(sut).toBe(expected);
    expect(new URL(sut).host).toBe('produits.localhost');
    expect(safeRedirectTarget(sut)).toBe(sut);
  });
});
