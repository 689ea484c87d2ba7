import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import * as ts from 'typescript';

/**
 * The one-way rule of docs/architecture.md ("Layers"), proven two ways:
 *  - the ESLint rules of eslint.architecture.mjs (what `npm run lint` runs) report every kind of
 *    violation in a small repository of deliberately bad files written to a temporary folder, and stay
 *    quiet on the allowed imports next to them;
 *  - the import graph of the real code (type-only and lazy imports included, which import-x/no-cycle
 *    does not follow) has no cycle.
 */
const ROOT = resolve(__dirname, '../..');

interface LintMessage {
  ruleId: string | null;
  message: string;
  line: number;
}

const url = (path: string) => JSON.stringify(pathToFileURL(path).href);

/** A flat config of the architecture rules alone, for the repository at `root`. */
function configSource(root: string): string {
  return [
    `import { architecture } from ${url(join(ROOT, 'eslint.architecture.mjs'))};`,
    `import parser from ${url(require.resolve('@typescript-eslint/parser'))};`,
    `export default [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser } }, ...architecture(${JSON.stringify(root)})];`,
  ].join('\n');
}

/** Runs ESLint in `cwd` and returns its messages by file (relative to `cwd`). */
async function eslint(cwd: string, args: string[]): Promise<Map<string, LintMessage[]>> {
  const bin = join(ROOT, 'node_modules/eslint/bin/eslint.js');
  const run = await promisify(execFile)(process.execPath, [bin, '--format', 'json', ...args], { cwd }).catch(
    (error: { code?: number; stdout?: string; stderr?: string }) => {
      // ESLint exits 1 when it reports errors: that is the expected outcome here, anything else is not.
      if (error.code !== 1) throw new Error(`eslint failed: ${error.stderr}`);
      return { stdout: error.stdout ?? '' };
    },
  );
  const results = JSON.parse(run.stdout) as Array<{ filePath: string; messages: LintMessage[] }>;
  return new Map(results.map((r) => [relative(cwd, r.filePath), r.messages]));
}

/** Lints `files` (path -> source) in a temporary folder with the project's architecture rules. */
async function lintFixture(files: Record<string, string>): Promise<Map<string, LintMessage[]>> {
  const dir = mkdtempSync(join(tmpdir(), 'architecture-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    writeFileSync(join(dir, 'eslint.config.mjs'), configSource(dir));
    return await eslint(dir, ['.']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rules = (messages: LintMessage[] | undefined) => (messages ?? []).map((m) => `${m.line} ${m.ruleId}`);

describe('layers: the ESLint rules of `npm run lint`', () => {
  let report: Map<string, LintMessage[]>;

  beforeAll(async () => {
    report = await lintFixture({
      'contracts/route-table.ts': `export const ROUTES = {};\n`,
      'contracts/price.ts': [
        `import { ROUTES } from './route-table';`,
        `import { Header } from '../views/Header';`,
        `export const price = [ROUTES, Header];`,
      ].join('\n'),
      'views/Header.tsx': [
        `import { ROUTES } from '../contracts/route-table';`,
        `import { store } from '../client/store';`,
        `import { ShopService } from '../src/modules/shop/shop.service';`,
        `export const Header = [ROUTES, store, ShopService];`,
      ].join('\n'),
      'client/store.ts': [
        `import { ROUTES } from '../contracts/route-table';`,
        `import { trail } from '../src/common/trail';`,
        `export const store = [ROUTES, trail];`,
      ].join('\n'),
      'views/Badge.tsx': `export const Badge = 1;\n`,
      'src/common/trail.ts': [
        `import { Badge } from '../../views/Badge';`,
        `import { ShopService } from '../modules/shop/shop.service';`,
        `export const trail = [Badge, ShopService];`,
      ].join('\n'),
      'src/render/render.ts': `import type { SiteContext } from '../modules/shop';\nexport type Site = SiteContext;\n`,
      'src/modules/shop/shop.service.ts': `export class ShopService {}\nexport interface SiteContext { code: string }\n`,
      'src/modules/shop/index.ts': `export { ShopService, type SiteContext } from './shop.service';\n`,
      'src/modules/catalogue/catalogue.service.ts': [
        `import { ShopService } from '../shop';`,
        `import { ShopService as Internal } from '../shop/shop.service';`,
        `import { rules } from './catalogue.rules';`,
        `export const catalogue = [ShopService, Internal, rules];`,
      ].join('\n'),
      'src/modules/catalogue/catalogue.rules.ts': `export const rules = 1;\n`,
      'src/database/seed/catalogue.seed.ts': `export const TOTAL = '__total';\n`,
      'src/database/schema.ts': `export const FACET = 1;\n`,
      'src/modules/catalogue/catalogue.repository.ts': [
        `import { FACET } from '../../database/schema';`,
        `import { TOTAL } from '../../database/seed/catalogue.seed';`,
        `export const repository = [FACET, TOTAL];`,
      ].join('\n'),
      'src/modules/catalogue/catalogue.service.spec.ts': `import { ShopService } from '../shop/shop.service';\nexport const t = ShopService;\n`,
      'src/page/page.decorator.ts': `import { intercept } from './page.interceptor';\nexport const Page = () => intercept;\n`,
      'src/page/page.interceptor.ts': `import { Page } from './page.decorator';\nexport const intercept = () => Page;\n`,
    });
  });

  it('contracts/ imports nothing outside itself', () => {
    expect(rules(report.get('contracts/price.ts'))).toEqual(['2 import-x/no-restricted-paths']);
    expect(rules(report.get('contracts/route-table.ts'))).toEqual([]);
  });

  it('views/ and client/ never import src/ (contracts/ and each other are fine)', () => {
    expect(rules(report.get('views/Header.tsx'))).toEqual(['3 import-x/no-restricted-paths']);
    expect(rules(report.get('client/store.ts'))).toEqual(['2 import-x/no-restricted-paths']);
  });

  it('the shared layers never import a feature module (the server may import views/)', () => {
    expect(rules(report.get('src/common/trail.ts'))).toEqual(['2 import-x/no-restricted-paths']);
    expect(rules(report.get('src/render/render.ts'))).toEqual(['1 import-x/no-restricted-paths']);
  });

  it('features never import the seed (content loading is not a read path); the schema is fine', () => {
    expect(rules(report.get('src/modules/catalogue/catalogue.repository.ts'))).toEqual([
      '2 import-x/no-restricted-paths',
    ]);
  });

  it("a feature imports another feature through its index.ts only, never that feature's internals", () => {
    expect(rules(report.get('src/modules/catalogue/catalogue.service.ts'))).toEqual(['2 import-x/no-restricted-paths']);
    expect(report.get('src/modules/catalogue/catalogue.service.ts')?.[0].message).toContain('index.ts');
  });

  it('test files may reach across layers', () => {
    expect(rules(report.get('src/modules/catalogue/catalogue.service.spec.ts'))).toEqual([]);
  });

  it('an import cycle is an error', () => {
    expect(rules(report.get('src/page/page.decorator.ts'))).toEqual(['1 import-x/no-cycle']);
    expect(rules(report.get('src/page/page.interceptor.ts'))).toEqual(['1 import-x/no-cycle']);
  });
});

/** Every TypeScript file under the layered folders, and what each one imports (relative imports only). */
function importGraph(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) files.push(path);
    }
  };
  for (const folder of ['src', 'contracts', 'views', 'client']) walk(join(ROOT, folder));
  const known = new Set(files);
  const target = (from: string, specifier: string): string | undefined => {
    const base = resolve(dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) =>
      known.has(p),
    );
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    graph.set(
      relative(ROOT, file),
      importedFiles
        .filter((i) => i.fileName.startsWith('.'))
        .map((i) => target(file, i.fileName))
        .filter((p): p is string => !!p)
        .map((p) => relative(ROOT, p)),
    );
  }
  return graph;
}

/** Strongly connected components of more than one file, or files importing themselves (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import graph of src/, contracts/, views/, client/', () => {
  it('finds a cycle when there is one (type-only imports count)', () => {
    const graph = new Map([
      ['views/layout/Layout.tsx', ['views/layout/Header.tsx']],
      ['views/layout/Header.tsx', ['views/layout/Layout.tsx']],
      ['views/layout/Footer.tsx', ['views/layout/links.ts']],
      ['views/layout/links.ts', []],
    ]);
    expect(cycles(graph)).toEqual([['views/layout/Header.tsx', 'views/layout/Layout.tsx']]);
  });

  it('has no cycle, type-only and lazy imports included', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });
});
