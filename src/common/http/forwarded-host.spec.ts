import { parseTrustedHostProxies, requestHost } from './forwarded-host';

const request = (remoteAddress: string, headers: Record<string, string>) => ({ headers, socket: { remoteAddress } });

describe(requestHost.name, () => {
  const trusted = parseTrustedHostProxies('10.0.0.0/8, 2001:db8::1');

  it('takes the Host header when no proxy is trusted for the host', () => {
    const req = request('10.0.0.5', { host: 'produits.localhost', 'x-forwarded-host': 'produkte.localhost' });
    expect(requestHost(req, null)).toBe('produits.localhost');
  });

  it('believes X-Forwarded-Host only from a trusted proxy, right-most entry', () => {
    const headers = { host: 'app:3000', 'x-forwarded-host': 'evil.example, produkte.localhost' };
    expect(requestHost(request('10.1.2.3', headers), trusted)).toBe('produkte.localhost');
    expect(requestHost(request('::ffff:10.1.2.3', headers), trusted)).toBe('produkte.localhost');
    expect(requestHost(request('2001:db8::1', headers), trusted)).toBe('produkte.localhost');
    expect(requestHost(request('203.0.113.7', headers), trusted)).toBe('app:3000');
  });

  it('falls back to Host when the trusted proxy sends no X-Forwarded-Host', () => {
    expect(requestHost(request('10.1.2.3', { host: 'produits.localhost' }), trusted)).toBe('produits.localhost');
  });
});

describe(parseTrustedHostProxies.name, () => {
  it('is off when empty', () => {
    expect(parseTrustedHostProxies(' ')).toBeNull();
  });

  it.each(['proxy.example.ch', '10.0.0.0/33', 'nope!'])('refuses %j, naming it', (value) => {
    expect(() => parseTrustedHostProxies(value)).toThrow(/proxy\.example\.ch|10\.0\.0\.0\/33|nope!/);
  });
});
