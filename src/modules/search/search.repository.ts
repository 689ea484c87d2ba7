import { Inject, Injectable } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { SEARCH_CONFIGS } from '../../database/schema';

export type SearchKind = 'product' | 'brand' | 'need' | 'page';

/** A query word as the database folded it, with the indexed words it may mean. */
export interface ExpandedToken {
  token: string;
  /** Indexed words close to it: typos (trigram similarity), words it contains (German compounds). */
  words: string[];
  /** Indexed words it begins (suggestions complete the last word). */
  completions: string[];
}

export interface SearchHit {
  kind: SearchKind;
  entity_id: number;
  route: string;
  title: string;
  slug: string;
  context: string;
  score: number;
}

/** The compiled text of one search: a tsquery source and the exact keys (EAN, reference) it names. */
export interface CompiledSearch {
  locale: string;
  /** to_tsquery source over folded words: `(a | b) & (c | d:*)`; '' finds nothing by text. */
  tsquery: string;
  /** The whole text folded, for title similarity. */
  folded: string;
  /** Tokens that look like an EAN or a product reference. */
  keys: string[];
}

/** Trigram similarity from which an indexed word is taken for a typo of a query word. */
const TYPO_SIMILARITY = 0.4;
/** Shortest indexed word looked for inside a longer query word (German compounds). */
const COMPOUND_PART_MIN = 5;
/** Documents of one kind a search ranks at most: title matches, and as many others. */
const CANDIDATES = 250;
/** Candidate words per query word, most similar first. */
const WORDS_PER_TOKEN = 4;

/**
 * The SQL of site search (migration 0015). Documents and terms are derived data rebuilt by
 * `refreshSearchDocuments`; ranking weights name and brand over needs and ingredients over texts.
 */
@Injectable()
export class SearchRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The words of a text, folded as documents are, each with the indexed words it may mean: the same
   * word, words within a typo of it, words it contains (compounds), and (for suggestions) the words it
   * begins. One statement over the small term table.
   */
  async expand(locale: string, text: string, completeLast: boolean): Promise<ExpandedToken[]> {
    // Three look-ups per word, each the cheap way: typos through the trigram index (`%`), compound
    // parts by a plain substring test, completions through the index (LIKE 'prefix%').
    const result = await sql<{
      token: string;
      typos: string[] | null;
      parts: string[] | null;
      completions: string[] | null;
    }>`
      with q as (
        select t.token, t.ord, t.ord = max(t.ord) over () as last
        from regexp_split_to_table(search_fold(${text}), '[^a-z0-9]+') with ordinality as t(token, ord)
        where t.token <> ''
        order by t.ord
        limit 8
      )
      select q.token,
        case when length(q.token) >= 4 then array(
          select st.word from search_term st
          where st.locale = ${locale} and st.word % q.token and st.word <> q.token
            and similarity(st.word, q.token) >= ${sql.lit(TYPO_SIMILARITY)}
          order by similarity(st.word, q.token) desc, st.word
          limit ${sql.lit(WORDS_PER_TOKEN)}
        ) end as typos,
        case when length(q.token) >= ${sql.lit(COMPOUND_PART_MIN + 3)} then array(
          select st.word from search_term st
          where st.locale = ${locale} and length(st.word) >= ${sql.lit(COMPOUND_PART_MIN)}
            and length(q.token) >= length(st.word) + 3 and strpos(q.token, st.word) > 0
          order by length(st.word) desc, st.word
          limit ${sql.lit(WORDS_PER_TOKEN)}
        ) end as parts,
        case when ${completeLast} and q.last and length(q.token) >= 2 then array(
          select st.word from search_term st
          where st.locale = ${locale} and st.word like q.token || '%' and st.word <> q.token
          order by st.documents desc, st.word
          limit ${sql.lit(WORDS_PER_TOKEN)}
        ) end as completions
      from q
      order by q.ord
    `.execute(this.db);
    return result.rows.map((r) => ({
      token: r.token,
      words: [...new Set([...(r.typos ?? []), ...(r.parts ?? [])])],
      completions: r.completions ?? [],
    }));
  }

  /**
   * One page of the documents of one kind a search finds, best first: an exact EAN or reference
   * first, then the weighted full-text rank plus the title's similarity to the text. (How many there
   * are is the search's count: `searchAll`.)
   */
  async find(
    kind: SearchKind,
    search: CompiledSearch,
    scope: { salesPlanId: number; limit: number; offset?: number },
  ): Promise<SearchHit[]> {
    if (!search.tsquery && !search.keys.length) return [];
    const rows = await sql<SearchHit & { total: number }>`${this.ranked(kind, search, scope)}`.execute(this.db);
    return rows.rows.map(hitOf);
  }

  /**
   * A whole search in one statement: the ranked products (as `find` gives them, at most `limit`) and
   * how many brands, needs and pages it finds (one grouped count; 0 for a kind it finds none of).
   */
  async searchAll(
    search: CompiledSearch,
    scope: { salesPlanId: number; limit: number },
  ): Promise<{
    products: { hits: SearchHit[]; total: number };
    counts: Record<Exclude<SearchKind, 'product'>, number>;
  }> {
    const counts = { brand: 0, need: 0, page: 0 };
    if (!search.tsquery && !search.keys.length) return { products: { hits: [], total: 0 }, counts };
    // The count rows ride along the product rows (same columns, their kind tells them apart).
    const rows = await sql<SearchHit & { total: number; position: number }>`
      (${this.ranked('product', search, scope)})
      union all
      (select d.kind, 0, '', '', '', '', 0, 0, count(*)::int from search_document d
       where d.kind in ('brand', 'need', 'page') and d.locale = ${search.locale} and ${matches(search)}
       group by d.kind)
    `.execute(this.db);
    const products = rows.rows.filter((r) => r.kind === 'product');
    for (const row of rows.rows) if (row.kind !== 'product') counts[row.kind] = Number(row.total);
    // The statement's order, restored (a union does not promise to keep its branches' order).
    products.sort((a, b) => b.score - a.score || a.position - b.position || a.entity_id - b.entity_id);
    return { products: { hits: products.map(hitOf), total: Number(products[0]?.total ?? 0) }, counts };
  }

  /** Suggestions: the best few of each kind, one statement for every kind. */
  async suggest(
    search: CompiledSearch,
    scope: { salesPlanId: number; candidates: number; titleOnly?: boolean },
    limits: Partial<Record<SearchKind, number>>,
  ): Promise<Record<SearchKind, SearchHit[]>> {
    const out: Record<SearchKind, SearchHit[]> = { product: [], need: [], brand: [], page: [] };
    if (!search.tsquery && !search.keys.length) return out;
    const kinds = Object.keys(limits) as SearchKind[];
    const rows = await sql<SearchHit & { total: number }>`${sql.join(
      kinds.map((kind) => sql`(${this.ranked(kind, search, { ...scope, limit: limits[kind] ?? 0 })})`),
      sql` union all `,
    )}`.execute(this.db);
    for (const row of rows.rows) out[row.kind].push(hitOf(row));
    for (const kind of kinds) out[kind].sort((a, b) => b.score - a.score);
    return out;
  }

  /**
   * The ranked documents of one kind. Bounded work whatever the catalogue's size: the documents
   * whose title matches, and as many of the others, are ranked (a common ingredient can match
   * thousands of products).
   */
  private ranked(
    kind: SearchKind,
    search: CompiledSearch,
    scope: { salesPlanId: number; limit: number; offset?: number; candidates?: number; titleOnly?: boolean },
  ): RawBuilder<SearchHit & { total: number; position: number }> {
    const candidates = intLiteral(scope.candidates ?? CANDIDATES);
    const from = (where: RawBuilder<boolean>) => sql`(
      select d.entity_id from search_document d
      ${kind === 'product' ? listed(scope.salesPlanId) : sql``}
      where d.kind = ${kind} and d.locale = ${search.locale} and ${where}
      -- In catalogue order: deterministic, and every match is found through the index (a bare LIMIT
      -- lets the planner walk the table hoping to stop early, which a rare word never lets it do).
      order by d.position, d.entity_id
      limit ${sql.lit(candidates)}
    )`;
    const titleMatch = search.tsquery
      ? sql<boolean>`d.title_document @@ to_tsquery(${config(search)}, ${search.tsquery})`
      : sql<boolean>`false`;
    return sql<SearchHit & { total: number; position: number }>`
      select d.kind, d.entity_id, d.route, d.title, d.slug, d.context, d.position, ${score(search)} as score,
        count(*) over ()::int as total
      from search_document d
      where d.kind = ${kind} and d.locale = ${search.locale}
        and d.entity_id in (${from(titleMatch)} ${scope.titleOnly ? sql`` : sql`union ${from(matches(search))}`})
      order by score desc, d.position, d.entity_id
      limit ${sql.lit(intLiteral(scope.limit))} offset ${sql.lit(intLiteral(scope.offset ?? 0))}
    `;
  }

  /** Counts a search that found nothing, per text and language (one row per text, not per request). */
  async countMiss(locale: string, text: string): Promise<void> {
    await sql`
      insert into search_miss (locale, text) values (${locale}, ${text})
      on conflict (locale, text) do update set count = search_miss.count + 1, last_at = now()
    `.execute(this.db);
  }
}

function hitOf(row: SearchHit & { total?: number; position?: number }): SearchHit {
  const { total: _total, position: _position, ...hit } = row;
  return { ...hit, score: Number(hit.score) };
}

/** A product is found only where the product list would show it: listed in the plan, published, not free. */
function listed(salesPlanId: number): RawBuilder<unknown> {
  return sql`join product_listing l on l.sales_plan_id = ${salesPlanId} and l.locale = d.locale
    and l.category_id = 0 and l.product_id = d.entity_id and l.published and not l.is_free`;
}

function config(search: CompiledSearch): RawBuilder<unknown> {
  return sql`${sql.lit(SEARCH_CONFIGS[search.locale] ?? 'simple')}::regconfig`;
}

function matches(search: CompiledSearch): RawBuilder<boolean> {
  const text = search.tsquery ? sql`d.document @@ to_tsquery(${config(search)}, ${search.tsquery})` : sql`false`;
  const keys = search.keys.length ? sql`d.exact_keys && ${textArray(search.keys)}` : sql`false`;
  return sql<boolean>`(${text} or ${keys})`;
}

/** Exact key first (100), then the weighted text rank (D, C, B, A) and the title's similarity. */
function score(search: CompiledSearch): RawBuilder<number> {
  const rank = search.tsquery
    ? sql`ts_rank(array[0.05, 0.2, 0.5, 1.0]::real[], d.document, to_tsquery(${config(search)}, ${search.tsquery}))`
    : sql`0`;
  const keys = search.keys.length
    ? sql`case when d.exact_keys && ${textArray(search.keys)} then 100 else 0 end`
    : sql`0`;
  return sql<number>`(${keys} + ${rank} + 0.5 * similarity(d.folded_title, ${search.folded}))`;
}

function textArray(values: string[]): RawBuilder<string[]> {
  return sql`array[${sql.join(values)}]::text[]`;
}

function intLiteral(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${value} is not a whole number`);
  return value;
}
