import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../schema';

interface KeywordContent {
  needs: Record<string, Record<string, string[]>>;
  brands: Record<string, Record<string, string[]>>;
}

/** Loads content/search/keywords.json (everyday words of needs and brands) into search_keyword. */
export async function seedSearchKeywords(db: Kysely<DB>, dir: string): Promise<{ keywords: number }> {
  const content = JSON.parse(readFileSync(join(dir, 'search', 'keywords.json'), 'utf8')) as KeywordContent;
  const rows = [
    ...Object.entries(content.needs).flatMap(([key, byLocale]) =>
      Object.entries(byLocale).map(([locale, words]) => ({
        kind: 'need' as const,
        key,
        locale,
        words: words.join(' '),
      })),
    ),
    ...Object.entries(content.brands).flatMap(([key, byLocale]) =>
      Object.entries(byLocale).map(([locale, words]) => ({
        kind: 'brand' as const,
        key,
        locale,
        words: words.join(' '),
      })),
    ),
  ];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_keyword').execute();
    if (rows.length) await trx.insertInto('search_keyword').values(rows).execute();
  });
  return { keywords: rows.length };
}
