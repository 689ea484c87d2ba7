import { sanitize } from './sanitize';

/**
 * CMS HTML reaches pages through `sanitize` only. Each vector below is a known way to run script or
 * load a third party through an allow-list sanitiser; none may survive.
 */
describe('sanitize (CMS HTML)', () => {
  const vectors: Array<[string, string]> = [
    ['script tag', '<p>a</p><script>alert(1)</script>'],
    ['event handler', '<p onclick="alert(1)">a</p><img src=x onerror=alert(1)>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['javascript: link with entities', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['svg onload', '<svg onload=alert(1)><circle/></svg>'],
    ['iframe', '<iframe src="https://evil.example/"></iframe>'],
    ['style tag', '<style>body{background:url(javascript:alert(1))}</style>'],
    ['style attribute', '<span style="background:url(javascript:alert(1))">x</span>'],
    ['math/mglyph mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['noscript mutation', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['comment breakout', '<!--><img src=x onerror=alert(1)>-->'],
    ['textarea breakout', '<textarea></textarea><img src=x onerror=alert(1)>'],
    ['form action', '<form action="javascript:alert(1)"><button>x</button></form>'],
    ['protocol-relative link', '<a href="//evil.example/">x</a>'],
  ];

  it.each(vectors)('removes %s', (_name, html) => {
    const out = sanitize(html);
    expect(out).not.toMatch(/<script|<iframe|<svg|<style|<img|<form|<math|<noscript|<textarea/i);
    expect(out).not.toMatch(/\son\w+\s*=/i);
    expect(out).not.toMatch(/javascript:|data:text|href="\/\/|style=/i);
  });

  it('keeps structural text, tables and safe links', () => {
    const html =
      '<h2>Titre</h2><p>Un <strong>texte</strong> <em>court</em>.</p><ul><li>un</li></ul>' +
      '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>' +
      '<a href="/conseils">conseils</a> <a href="mailto:info@example.ch">mail</a>';
    expect(sanitize(html)).toBe(html);
  });

  it('opens external links in a new tab without leaking the opener', () => {
    expect(sanitize('<a href="https://example.org/">x</a>')).toBe(
      '<a href="https://example.org/" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('answers an empty string for nothing', () => {
    expect(sanitize(null)).toBe('');
    expect(sanitize(undefined)).toBe('');
    expect(sanitize('')).toBe('');
  });
});
