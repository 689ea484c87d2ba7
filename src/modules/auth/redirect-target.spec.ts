import { sameSitePath } from './redirect-target';

describe(sameSitePath.name, () => {
  it.each(['/', '/preview/42', '/preview/42?x=1&y=%C3%A9', '/produits/digestion/-p--2#top', '/a/b/../c'])(
    'honours the same-site path %s',
    (path) => {
      expect(sameSitePath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.example',
    '//evil.example/preview/1',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/preview\\..\\x',
    'https://evil.example',
    'http://produits.localhost/preview/1',
    'javascript:alert(1)',
    'data:text/html,x',
    'preview/1',
    '',
    ' /preview/1',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (value) => {
    expect(sameSitePath(value)).toBeNull();
  });

  it.each([undefined, null, 1, ['/a', '/b'], { path: '/' }])('refuses a query that is not one string: %p', (value) => {
    expect(sameSitePath(value)).toBeNull();
  });
});
