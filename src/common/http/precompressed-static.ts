import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export interface PrecompressedStaticOptions {
  /** Cache-Control max-age in milliseconds (hashed build files: a year). */
  maxAge?: number;
  /** Adds `immutable` to Cache-Control (only for content-hashed file names). */
  immutable?: boolean;
}

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Serves the `.br` / `.gz` twins that `scripts/compress-assets.mjs` writes beside the client build's
 * files, when the request accepts that encoding; anything else falls through to `express.static`
 * mounted after it (which serves the original). The folder is indexed once at start-up (build output
 * does not change while the process runs), so a request costs a map look-up, no file-system probe,
 * and no request path ever reaches the file system unless it is a file that exists in the index.
 *
 *   app.use('/assets', precompressedStatic(dir, { immutable: true, maxAge: 365 * 864e5 }), express.static(dir, …));
 */
export function precompressedStatic(root: string, options: PrecompressedStaticOptions = {}): RequestHandler {
  const index = indexTwins(root);
  const maxAge = options.maxAge ?? 0;
  const immutable = options.immutable ?? false;

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || index.size === 0) return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const twins = index.get(path);
    if (!twins) return next();
    // Caches must key on Accept-Encoding whether or not this response is encoded.
    res.vary('Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding'], twins);
    if (!encoding) return next();
    res.setHeader('Content-Type', TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream');
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(
      join(root, path + SUFFIX[encoding]),
      { maxAge, immutable, dotfiles: 'deny' },
      (error?: NodeJS.ErrnoException) => {
        if (!error) return;
        if (res.headersSent) return next(error);
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Type');
        // The twin vanished (rebuilt under a running server): let express.static serve the original.
        if (error.code === 'ENOENT' || (error as { status?: number }).status === 404) return next();
        next(error);
      },
    );
  };
}

/** `/main-abc.js` → the encodings that have a twin on disk. */
function indexTwins(root: string): Map<string, Set<Encoding>> {
  const index = new Map<string, Set<Encoding>>();
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      for (const encoding of Object.keys(SUFFIX) as Encoding[]) {
        const suffix = SUFFIX[encoding];
        if (!entry.name.endsWith(suffix)) continue;
        const original = full.slice(0, -suffix.length);
        if (!isFile(original) || !(extname(original).toLowerCase() in TYPES)) continue;
        const key = '/' + relative(root, original).split(sep).join('/');
        const set = index.get(key) ?? new Set<Encoding>();
        set.add(encoding);
        index.set(key, set);
      }
    }
  };
  walk(root);
  return index;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Brotli first, then gzip, among those the client accepts (q > 0, `*` included) and that exist. */
export function pickEncoding(header: string | undefined, available: ReadonlySet<Encoding>): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) =>
    accepted.get(name) ?? (name === 'gzip' ? accepted.get('x-gzip') : undefined) ?? accepted.get('*') ?? 0;
  return (['br', 'gzip'] as const).find((encoding) => available.has(encoding) && weightOf(encoding) > 0);
}
