import { serializeJson } from '../../views/serialize';

/**
 * views/serialize.ts is the render pipeline's way to put island props and the client state into a
 * <script> element; its spec lives here beside the render service that relies on it.
 */
describe(serializeJson.name, () => {
  const hostile = {
    close: '</script><script>alert(1)</script>',
    comment: '<!-- <script>',
    cdata: ']]><![CDATA[',
    amp: 'a && b &amp; c',
    separators: 'line\u2028paragraph\u2029end',
    quote: 'say "hi" \\ bye',
    unicode: 'Bedürfnisse · Qualité',
  };

  it('leaves no character that can end the script element or a JS string', () => {
    const sut = serializeJson(hostile);
    expect(sut).not.toMatch(/[<>&\u2028\u2029]/);
    expect(sut).toContain('\\u003c/script\\u003e');
    expect(sut).toContain('\\u0026\\u0026');
    expect(sut).toContain('\\u2028');
  });

  it('parses back to the same value', () => {
    expect(JSON.parse(serializeJson(hostile))).toEqual(hostile);
    expect(JSON.parse(serializeJson([1, 'two', { three: null }]))).toEqual([1, 'two', { three: null }]);
  });

  it('writes null for undefined', () => {
    expect(serializeJson(undefined)).toBe('null');
  });
});
