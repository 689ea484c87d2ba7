/**
 * The CSP img-src source that allows a map tile URL template (MAP_TILE_URL, Leaflet's form): its
 * scheme and host, a `{s}` (or other) placeholder in the host's first label as CSP's `*.` wildcard.
 * A template on this site's own origin (a path) needs nothing beyond 'self': null.
 */
export function tileImageSource(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return null;
  const [, scheme, host] = match;
  const labels = host.split('.');
  const wildcard = /\{[^}]*\}/.test(labels[0]);
  const rest = wildcard ? labels.slice(1) : labels;
  if (rest.some((label) => label.includes('{')))
    throw new Error(`MAP_TILE_URL: a placeholder can only stand for the first label of the host (${template})`);
  return `${scheme.toLowerCase()}://${wildcard ? '*.' : ''}${rest.join('.').toLowerCase()}`;
}
