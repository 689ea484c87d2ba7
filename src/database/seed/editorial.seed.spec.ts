import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STORED_PARAGRAPH_TYPES } from '../editorial-schema';
import { contentDir } from './content';
import { routeFamily } from '../editorial-schema';
import { loadEditorial } from './editorial.seed';

/** The parts of a stored page the tests below change. */
interface PageJson {
  cover: { motif: string };
  toc: string[];
  linked_pages: string[];
  texts: { fr: { slug: string } };
  paragraphs: Array<{ type: string; texts: { de: { items: Array<{ title: string }> } } }>;
}

describe('editorial content pack', () => {
  it('passes every schema, and uses every paragraph type in French and German', () => {
    const content = loadEditorial(contentDir())!;
    expect(content.pages.length).toBeGreaterThan(100);
    const advice = content.pages.filter((p) => p.type === 'advice' && p.published);
    const innovation = content.pages.filter((p) => p.type === 'innovation' && p.published);
    expect(advice.length).toBeGreaterThanOrEqual(30);
    expect(innovation.length).toBeGreaterThanOrEqual(12);
    expect(content.pages.filter((p) => p.type === 'actualite').length).toBeGreaterThanOrEqual(3);
    for (const type of STORED_PARAGRAPH_TYPES) {
      const used = content.pages.flatMap((p) => p.paragraphs).filter((p) => p.type === type);
      expect({ type, fr: used.some((p) => 'fr' in p.texts), de: used.some((p) => 'de' in p.texts) }).toEqual({
        type,
        fr: true,
        de: true,
      });
    }
  });

  it('exactly one highlighted advice article', () => {
    const content = loadEditorial(contentDir())!;
    expect(content.pages.filter((p) => p.type === 'advice' && p.highlighted)).toHaveLength(1);
  });

  describe('an invalid page stops the load, naming the page, the paragraph and the field', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'editorial-'));
      cpSync(join(contentDir(), 'editorial'), join(dir, 'editorial'), { recursive: true });
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    const edit = (file: string, change: (page: PageJson) => void) => {
      const path = join(dir, 'editorial/pages', file);
      const page = JSON.parse(readFileSync(path, 'utf8'));
      change(page);
      writeFileSync(path, JSON.stringify(page));
    };

    it('a missing per-locale field of a paragraph', () => {
      edit('advice/advice-ballonnements.json', (page) => {
        page.paragraphs[1].texts.de.items[2].title = '';
      });
      expect(() => loadEditorial(dir)).toThrow(
        /page advice-ballonnements \(pages\/advice\/advice-ballonnements\.json\), paragraph p2 \(white_cards_group\), texts\.de\.items\.2\.title: must not be empty/,
      );
    });

    it('an unknown type, a bad picture, a table of contents entry with no paragraph', () => {
      edit('advice/advice-ballonnements.json', (page) => {
        page.paragraphs[0].type = 'marquee';
        page.cover.motif = 'unicorn';
      });
      edit('advice/advice-cholesterol.json', (page) => {
        page.toc.push('p99');
      });
      let message = '';
      try {
        loadEditorial(dir);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('paragraph p1 (marquee), type: unknown paragraph type "marquee"');
      expect(message).toContain('page advice-ballonnements (pages/advice/advice-ballonnements.json), cover.motif');
      expect(message).toMatch(
        /page advice-cholesterol \(pages\/advice\/advice-cholesterol\.json\), toc\.\d: no paragraph p99/,
      );
      expect(message).not.toContain('no page advice-ballonnements');
    });

    it('a slug another page of the same route already has', () => {
      edit('advice/advice-crampes.json', (page) => {
        page.texts.fr.slug = 'ballonnements-causes-et-bons-gestes';
      });
      expect(() => loadEditorial(dir)).toThrow(
        /texts\.fr\.slug: "ballonnements-causes-et-bons-gestes" is also page advice-/,
      );
    });

    it('links to unknown pages', () => {
      edit('advice/advice-ballonnements.json', (page) => {
        page.linked_pages = ['advice-nowhere'];
      });
      expect(() => loadEditorial(dir)).toThrow(/linked_pages\.0: no page advice-nowhere/);
    });
  });

  it('route families: where each type of page answers', () => {
    expect(routeFamily('advice', null, 'x')).toBe('advice');
    expect(routeFamily('standard', null, 'fatigue')).toBe('need');
    expect(routeFamily('standard', null, null)).toBe('cmsPage');
    expect(routeFamily('brand_corner_page', 'formag', null)).toBe('brandCorner:formag');
    expect(routeFamily('actualite', null, null)).toBe('cmsPage');
  });
});
