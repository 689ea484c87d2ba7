import { tileImageSource } from './tile-source';

describe('tileImageSource', () => {
  it('allows the tile host of the template, a {s} subdomain as the CSP wildcard', () => {
    expect(tileImageSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(tileImageSource('https://tiles.example.ch:8443/styles/{z}/{x}/{y}@2x.png?key=k')).toBe(
      'https://tiles.example.ch:8443',
    );
    expect(tileImageSource('HTTPS://{a}.Maps.Example.org/{z}/{x}/{y}.png')).toBe('https://*.maps.example.org');
  });

  it("needs nothing for tiles served by the site itself ('self')", () => {
    expect(tileImageSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });

  it('refuses a placeholder that CSP cannot express', () => {
    expect(() => tileImageSource('https://tiles.{s}.example.org/{z}/{x}/{y}.png')).toThrow(/MAP_TILE_URL/);
  });
});
