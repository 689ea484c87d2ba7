import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ISLANDS } from '../../views/islands/registry';
import { projectRoot } from '../common/paths';
import { ClientManifest, type ManifestChunk } from './manifest';

const BUILD = join(projectRoot(), 'dist/web');
const MANIFEST = join(BUILD, '.vite/manifest.json');
/** CI builds before the unit specs; a developer's unit run without a build skips the real-build half. */
const built = existsSync(MANIFEST) || process.env.CI === 'true';

describe(ClientManifest.name, () => {
  (built ? describe : describe.skip)('over the real build (dist/web)', () => {
    const sut = new ClientManifest(MANIFEST);
    const entry = (JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>)['client/main.ts'];
    const main = readFileSync(join(BUILD, entry.file), 'utf8');

    /** The file the entry's registry imports for an island (`Name:()=>p(()=>import("./Name-hash.js")…`). */
    const loadedBy = (name: string) =>
      new RegExp(`[{,]${name}:\\(\\)=>[\\w$]+\\(\\(\\)=>import\\("\\./([^"]+)"\\)`).exec(main)?.[1];

    it.each(Object.keys(ISLANDS))('preloads the very chunk the client loads for %s', (name) => {
      const file = loadedBy(name);
      expect(file).toBeDefined();
      expect(sut.assetsFor([name]).preloads).toContain(`/assets/${file}`);
    });

    it('preloads the islands Rollup emitted as shared chunks (no views/islands key) and their imports', () => {
      const assets = sut.assetsFor(['StoreFinder']);
      expect(sut.islandChunk('StoreFinder')).toBeDefined();
      expect(assets.preloads.some((p) => /\/StoreFinder-[\w-]+\.js$/.test(p))).toBe(true);
      // Leaflet's chunk is not preloaded: the island imports it once it runs.
      expect(assets.preloads.some((p) => /store-map/.test(p))).toBe(false);
      expect(sut.assetsFor([]).preloads.some((p) => /StoreFinder/.test(p))).toBe(false);
    });
  });

  describe('over a manifest with a shared island chunk', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'manifest-'));
      const chunks: Record<string, ManifestChunk> = {
        'client/main.ts': {
          file: 'assets/main-1.js',
          isEntry: true,
          css: ['assets/main-1.css'],
          dynamicImports: ['views/islands/GoToTop.tsx', '_ContactForm-2.js', '_helper-3.js'],
        },
        'views/islands/GoToTop.tsx': {
          file: 'assets/GoToTop-4.js',
          src: 'views/islands/GoToTop.tsx',
          isDynamicEntry: true,
        },
        '_ContactForm-2.js': {
          file: 'assets/ContactForm-2.js',
          name: 'ContactForm',
          isDynamicEntry: true,
          imports: ['client/main.ts', '_i18n-5.js'],
        },
        '_helper-3.js': { file: 'assets/helper-3.js', name: 'helper' },
        '_i18n-5.js': { file: 'assets/i18n-5.js', name: 'i18n' },
      };
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify(chunks));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds an island by its source key or, for a shared chunk, by its name; its imports too', () => {
      const sut = new ClientManifest(join(dir, 'manifest.json'));
      expect(sut.assetsFor(['ContactForm', 'GoToTop'])).toEqual({
        styles: ['/assets/main-1.css'],
        entry: '/assets/main-1.js',
        preloads: ['/assets/ContactForm-2.js', '/assets/i18n-5.js', '/assets/GoToTop-4.js'],
      });
      // A shared chunk that is not a dynamic entry is no island.
      expect(sut.islandChunk('helper')).toBeUndefined();
      expect(sut.assetsFor(['Unknown']).preloads).toEqual([]);
    });
  });
});
