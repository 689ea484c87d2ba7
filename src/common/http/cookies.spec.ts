import { readCookie } from './cookies';

describe(readCookie.name, () => {
  const req = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } });

  it('reads one cookie among others, decoded', () => {
    expect(readCookie(req('a=1; editor_session=abc%2Fd; b=2'), 'editor_session')).toBe('abc/d');
    expect(readCookie(req('editor_session=first; editor_session=second'), 'editor_session')).toBe('first');
  });

  it.each([undefined, '', 'editor_session', 'x_editor_session=1', ';;;;', 'editor_session=%ff'])(
    'has nothing for %p',
    (header) => {
      expect(readCookie(req(header), 'editor_session')).toBeUndefined();
    },
  );
});
