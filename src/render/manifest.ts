import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../common/paths';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface PageAssets {
  styles: string[];
  entry?: string;
  preloads: string[];
}

/** Reads Vite's build manifest (dist/web/.vite/manifest.json) to know which files a page needs. */
export class ClientManifest {
  private readonly chunks: Record<string, ManifestChunk>;
  private readonly cache = new Map<string, PageAssets>();

  constructor(path = join(projectRoot(), 'dist/web/.vite/manifest.json')) {
    this.chunks = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>) : {};
  }

  get available(): boolean {
    return Object.keys(this.chunks).length > 0;
  }

  /** Stylesheets, entry script and the island chunks (with their imports) a page shows. */
  assetsFor(islands: Iterable<string>): PageAssets {
    const names = [...islands].sort();
    const key = names.join(',');
    const hit = this.cache.get(key);
    if (hit) return hit;
    const entry = this.chunks['client/main.ts'];
    const styles = new Set<string>(entry?.css ?? []);
    const preloads = new Set<string>();
    const visit = (id: string) => {
      const chunk = this.chunks[id];
      if (!chunk || preloads.has(chunk.file)) return;
      if (chunk !== entry) preloads.add(chunk.file);
      chunk.css?.forEach((c) => styles.add(c));
      chunk.imports?.forEach(visit);
    };
    entry?.imports?.forEach(visit);
    for (const name of names) visit(`views/islands/${name}.tsx`);
    const assets = {
      styles: [...styles].map((f) => `/${f}`),
      entry: entry ? `/${entry.file}` : undefined,
      preloads: [...preloads].map((f) => `/${f}`),
    };
    this.cache.set(key, assets);
    return assets;
  }
}
