import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../common/paths';

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface PageAssets {
  styles: string[];
  entry?: string;
  preloads: string[];
}

const ENTRY = 'client/main.ts';
const ISLAND_SOURCE = /^views\/islands\/([A-Za-z0-9]+)\.tsx$/;

/** Reads Vite's build manifest (dist/web/.vite/manifest.json) to know which files a page needs. */
export class ClientManifest {
  private readonly chunks: Record<string, ManifestChunk>;
  private readonly cache = new Map<string, PageAssets>();
  /** Island name → manifest key of the chunk the entry's registry loads for it. */
  private readonly islands = new Map<string, string>();

  constructor(path = join(projectRoot(), 'dist/web/.vite/manifest.json')) {
    this.chunks = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>) : {};
    // The islands are the entry's dynamic imports (views/islands/registry.ts). An island's chunk is
    // keyed by its source file, unless Rollup made it a shared chunk, which it does when the chunk
    // also holds modules another chunk imports (NewsletterForm imports ContactForm's Zipcode; the
    // map imports contracts/storefinder, which sits in StoreFinder's chunk): such a chunk has no
    // `src`, its key is `_StoreFinder-<hash>.js`, and its `name` is still the island's.
    for (const key of this.chunks[ENTRY]?.dynamicImports ?? []) {
      const chunk = this.chunks[key];
      if (!chunk) continue;
      const name = chunk.src ? ISLAND_SOURCE.exec(chunk.src)?.[1] : chunk.isDynamicEntry ? chunk.name : undefined;
      if (name && !this.islands.has(name)) this.islands.set(name, key);
    }
  }

  get available(): boolean {
    return Object.keys(this.chunks).length > 0;
  }

  /** The manifest key of an island's chunk (undefined when the build has no such island). */
  islandChunk(name: string): string | undefined {
    return this.islands.get(name);
  }

  /** Stylesheets, entry script and the island chunks (with their imports) a page shows. */
  assetsFor(islands: Iterable<string>): PageAssets {
    const names = [...islands].sort();
    const key = names.join(',');
    const hit = this.cache.get(key);
    if (hit) return hit;
    const entry = this.chunks[ENTRY];
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
    for (const name of names) {
      const island = this.islands.get(name);
      if (island) visit(island);
    }
    const assets = {
      styles: [...styles].map((f) => `/${f}`),
      entry: entry ? `/${entry.file}` : undefined,
      preloads: [...preloads].map((f) => `/${f}`),
    };
    this.cache.set(key, assets);
    return assets;
  }
}
