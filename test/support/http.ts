import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The text a visitor reads: React escapes ' & " < > in HTML. */
export function decodeHtml(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

/** The visible text of every link to `href` (tags stripped, entities decoded). */
export function linkTexts(html: string, href: string): string[] {
  const links = html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g);
  return [...links]
    .filter((m) => decodeHtml(m[1]) === href)
    .map((m) => decodeHtml(m[2].replace(/<[^>]+>/g, '')).trim());
}

/** Where a browser on `host` would go with this Location (the WHATWG parser reads "\" as "/"). */
export function locationHost(location: string, host: string): string {
  return new URL(location, `http://${host}/some/page`).host;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A request with the path sent byte for byte (supertest's URL parsing would turn "/\" into "//"):
 * for open-redirect attempts.
 */
export function rawGet(server: Server, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return rawRequest(server, 'GET', path, headers);
}

/** `rawGet` with any method and an optional body (fuzzing). */
export async function rawRequest(
  server: Server,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawResponse> {
  const listening = server.listening
    ? server
    : await new Promise<Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
  const { port } = listening.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method, headers: { ...headers, Connection: 'close' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
