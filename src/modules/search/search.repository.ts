import { Inject, Injectable } from '@nestjs/common';
import { sql, type RawBuilder } from 'kysely';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { SEARCH_CONFIGS } from '../../database/schema';
import { strongParts } from './search.rules';

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
    products: { ids: number[]; total: number };
    counts: Record<Exclude<SearchKind, 'product'>, number>;
  }> {
    const counts = { brand: 0, need: 0, page: 0 };
    if (!search.tsquery && !search.keys.length) return { products: { ids: [], total: 0 }, counts };
    // One row: the ids in their order as one JSON array (500 rows cost the embedded engine more to
    // hand over than to rank), the number of matches, and the other kinds' counts.
    const row = (
      await sql<{ ids: number[]; total: number | null; counts: Partial<Record<SearchKind, number>> }>`
        with ranked as materialized (${this.rankedIds(search, scope)}),
        counted as (
          select d.kind, count(*)::int as n from search_document d
          where d.kind in ('brand', 'need', 'page') and d.locale = ${search.locale} and ${matches(search, sql.ref('d'))}
          group by d.kind
        )
        select
          (select coalesce(json_agg(r.entity_id order by r.score desc, r.position, r.entity_id), '[]') from ranked r) as ids,
          (select max(r.total) from ranked r) as total,
          (select coalesce(json_object_agg(c.kind, c.n), '{}') from counted c) as counts
      `.execute(this.db)
    ).rows[0];
    for (const kind of ['brand', 'need', 'page'] as const) counts[kind] = Number(row.counts[kind] ?? 0);
    return { products: { ids: row.ids.map(Number), total: Number(row.total ?? 0) }, counts };
  }

  /**
   * The ranked product ids of a search (`ranked` for products, counted), for the results' listing: only
   * the ids are read, so the candidates carry what the score needs and no second read of each document
   * fetches their titles and links (a third of the statement on PGlite for a word found in 1,700
   * products).
   */
  private rankedIds(search: CompiledSearch, scope: { salesPlanId: number; limit: number }) {
    const limit = intLiteral(scope.limit);
    const m = sql.ref('m');
    return sql`
      select c.entity_id, c.position, ${score(search, sql.ref('c'), sql.ref('c.in_title'))} as score, c.total
      from (
        select m.entity_id, m.position, m.document, m.folded_title, m.exact_keys, count(*) over ()::int as total,
          ${titleMatch(search, m)} as in_title, ${keyMatch(search, m)} as by_key, ${strongMatch(search, m)} as in_strong_parts
        from search_document m
        where m.kind = 'product' and m.locale = ${search.locale} and ${matches(search, m)}
          and ${salesPlanOf(scope.salesPlanId, m)}
        order by by_key desc, in_title desc, in_strong_parts desc, m.position, m.entity_id
        limit ${sql.lit(Math.max(CANDIDATES, limit))}
      ) c
      order by score desc, c.position, c.entity_id
      limit ${sql.lit(limit)}
    `;
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
   * The ranked documents of one kind, with their titles and links (`rankedIds` ranks the same way and
   * counts every match). The best `candidates` (CANDIDATES, or as many as the page asked reaches) are chosen by
   * relevance tiers that cost a test each: an exact EAN or reference, then a match in the title, then
   * in the other strong parts (needs, active ingredients, keywords), then in the descriptions only;
   * within a tier, catalogue order. Only they get the full score, by which they are ordered. So a
   * word common to thousands of products costs one pass over its matches with three cheap tests, and
   * the best title match is never left out for a product that comes earlier in the catalogue.
   * `titleOnly` (suggestions, first step): title matches only.
   */
  private ranked(
    kind: SearchKind,
    search: CompiledSearch,
    scope: {
      salesPlanId: number;
      limit: number;
      offset?: number;
      candidates?: number;
      titleOnly?: boolean;
    },
  ): RawBuilder<SearchHit & { total: number; position: number }> {
    const offset = intLiteral(scope.offset ?? 0);
    const limit = intLiteral(scope.limit);
    const candidates = Math.max(intLiteral(scope.candidates ?? CANDIDATES), offset + limit);
    const m = sql.ref('m');
    const matched = scope.titleOnly ? titleMatch(search, m) : matches(search, m);
    return sql<SearchHit & { total: number; position: number }>`
      select d.kind, d.entity_id, d.route, d.title, d.slug, d.context, d.position,
        ${score(search, sql.ref('d'), sql.ref('c.in_title'))} as score, c.total
      from (
        select m.entity_id, 0 as total, ${scope.titleOnly ? sql`true` : titleMatch(search, m)} as in_title,
          ${keyMatch(search, m)} as by_key, ${scope.titleOnly ? sql`true` : strongMatch(search, m)} as in_strong_parts
        from search_document m
        where m.kind = ${kindLiteral(kind)} and m.locale = ${search.locale} and ${matched}
          ${kind === 'product' ? sql`and ${salesPlanOf(scope.salesPlanId, m)}` : sql``}
        order by by_key desc, in_title desc, in_strong_parts desc, m.position, m.entity_id
        limit ${sql.lit(candidates)}
      ) c
      join search_document d on d.kind = ${kindLiteral(kind)} and d.locale = ${search.locale} and d.entity_id = c.entity_id
      order by score desc, d.position, d.entity_id
      limit ${sql.lit(limit)} offset ${sql.lit(offset)}
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

const KINDS: readonly SearchKind[] = ['product', 'brand', 'need', 'page'];

/**
 * A kind as a constant of the statement, not a parameter: the text indexes are partial by kind
 * (migration 0028), and only a constant lets the planner prove which one applies.
 */
function kindLiteral(kind: SearchKind): RawBuilder<unknown> {
  if (!KINDS.includes(kind)) throw new Error(`unknown search kind ${String(kind)}`);
  return sql.lit(kind);
}

function hitOf(row: SearchHit & { total?: number; position?: number }): SearchHit {
  const { total: _total, position: _position, ...hit } = row;
  return { ...hit, score: Number(hit.score) };
}

function config(search: CompiledSearch): RawBuilder<unknown> {
  return sql`${sql.lit(SEARCH_CONFIGS[search.locale] ?? 'simple')}::regconfig`;
}

/**
 * The tsquery of a source, computed once per statement: a subquery (an init plan), because the
 * statement is prepared and its generic plan would otherwise parse the parameter again for every row
 * it tests (ten times the whole search's cost for a word that matches 10,000 products).
 */
function query(search: CompiledSearch, source = search.tsquery): RawBuilder<unknown> {
  return sql`(select to_tsquery(${config(search)}, ${source}))`;
}

/** Whether document `d` matches the text (or names one of its exact keys). */
function matches(search: CompiledSearch, d: RawBuilder<unknown>): RawBuilder<boolean> {
  const text = search.tsquery ? sql`${d}.document @@ ${query(search)}` : sql`false`;
  const keys = search.keys.length ? sql`${d}.exact_keys && ${textArray(search.keys)}` : sql`false`;
  return sql<boolean>`(${text} or ${keys})`;
}

/** Whether the title of document `d` matches the text (its own small index). */
function titleMatch(search: CompiledSearch, d: RawBuilder<unknown>): RawBuilder<boolean> {
  return search.tsquery ? sql<boolean>`${d}.title_document @@ ${query(search)}` : sql<boolean>`false`;
}

/** Whether document `d` names one of the exact keys of the text (EAN, reference). */
function keyMatch(search: CompiledSearch, d: RawBuilder<unknown>): RawBuilder<boolean> {
  return search.keys.length ? sql<boolean>`(${d}.exact_keys && ${textArray(search.keys)})` : sql<boolean>`false`;
}

/**
 * Whether the text matches the strong parts of document `d` (weights A and B: a product's name and
 * brand, needs, active ingredients, keywords), not only its descriptions.
 */
function strongMatch(search: CompiledSearch, d: RawBuilder<unknown>): RawBuilder<boolean> {
  return search.tsquery
    ? sql<boolean>`(${d}.document @@ ${query(search, strongParts(search.tsquery))})`
    : sql<boolean>`false`;
}

/**
 * The full score of document `d`: an exact key first (100), then the weighted text rank (D, C, B, A),
 * then, when the title matches (`inTitle`), how close the title is to the text (half its trigram
 * similarity: the costly part, not worth computing for a title that does not even match).
 */
function score(search: CompiledSearch, d: RawBuilder<unknown>, inTitle: RawBuilder<unknown>): RawBuilder<number> {
  const rank = search.tsquery
    ? sql`ts_rank(array[0.05, 0.2, 0.5, 1.0]::real[], ${d}.document, ${query(search)})`
    : sql`0`;
  const keys = search.keys.length ? sql`case when ${keyMatch(search, d)} then 100 else 0 end` : sql`0`;
  return sql<number>`(${keys} + ${rank} + case when ${inTitle} then 0.5 * similarity(${d}.folded_title, ${search.folded}) else 0 end)`;
}

/**
 * Whether document `d` is sold in the sales plan: `= any`, not `@> array[…]`, which builds and
 * compares arrays for each of the thousands of rows a common word matches (a quarter of the scan of
 * "magnesium"'s 1,734 products at 10,000 on PGlite), with the same plan.
 */
function salesPlanOf(salesPlanId: number, d: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`${salesPlanId}::integer = any(${d}.sales_plans)`;
}

function textArray(values: string[]): RawBuilder<string[]> {
  return sql`array[${sql.join(values)}]::text[]`;
}

function intLiteral(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${value} is not a whole number`);
  return value;
}
