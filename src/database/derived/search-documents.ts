import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SEARCH_CONFIGS, type DB } from '../schema';

/** Words shorter than this are not kept as search terms (typo matching on them finds noise). */
const MIN_TERM_LENGTH = 3;
/** Products per statement of a refresh. */
const PRODUCT_CHUNK = 1000;

/** A weighted part of a document, in the language's configuration, accents and umlauts folded. */
const part = (text: ReturnType<typeof sql>, weight: 'A' | 'B' | 'C' | 'D') =>
  sql`setweight(to_tsvector(c.config, search_fold(coalesce(${text}, ''))), ${sql.lit(weight)})`;

/** The configuration of a row's language (a VALUES list joined on locale). */
const CONFIGS = sql`(values ${sql.join(
  Object.entries(SEARCH_CONFIGS).map(([locale, config]) => sql`(${sql.lit(locale)}, ${sql.lit(config)}::regconfig)`),
)}) as c(locale, config)`;

/** HTML to words. */
const text = (html: ReturnType<typeof sql>) => sql`regexp_replace(${html}, '<[^>]+>', ' ', 'g')`;

/**
 * Rebuilds the search documents and terms (migration 0015) from the catalogue and the CMS pages: run
 * by `refreshDerivedData` after every bulk load, in the same transaction as the product listing, so a
 * search never sees a half-built index. Products are indexed once per language, with the sales
 * plans whose list shows them (read from the listing, refreshed just before).
 */
export async function refreshSearchDocuments(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('search_document').execute();
  await db.deleteFrom('search_term').execute();

  // Products: name and brand (A); needs, active ingredients, brand keywords (B); tagline, legal
  // denomination and description (C). Not the ingredients list: its excipients ("stéarate de
  // magnésium") would make "magnésium" find almost every product.
  // In slices of products (one statement each, whatever the size of the catalogue: a statement
  // stays well under the statement timeout).
  const ids = (await db.selectFrom('product').select('id').where('published', '=', true).orderBy('id').execute()).map(
    (p) => p.id,
  );
  for (let i = 0; i < ids.length; i += PRODUCT_CHUNK) {
    const slice = ids.slice(i, i + PRODUCT_CHUNK);
    await insertProductDocuments(db, sql`p.id between ${slice[0]} and ${slice[slice.length - 1]}`);
  }

  await insertBrandDocuments(db, sql`true`);
  await insertNeedDocuments(db, sql`true`);
  await insertPageDocuments(db, sql`true`);
  await insertTerms(db);
}

/** Brand documents: name (A), keywords (B), description (C). */
async function insertBrandDocuments(db: Kysely<DB>, where: RawBuilder<unknown>): Promise<void> {
  await sql`
    insert into search_document (kind, entity_id, locale, route, title, slug, context, folded_title, document, title_document, position)
    select 'brand', b.id, bt.locale, 'brand', bt.name, bt.slug, '', search_fold(bt.name),
      ${part(sql`bt.name`, 'A')} || ${part(sql`bk.words`, 'B')} || ${part(text(sql`bt.description`), 'C')},
      ${part(sql`bt.name`, 'A')},
      b.position
    from brand b
    join brand_translation bt on bt.brand_id = b.id
    join ${CONFIGS} on c.locale = bt.locale
    left join search_keyword bk on bk.kind = 'brand' and bk.key = b.key and bk.locale = bt.locale
    where ${where}
  `.execute(db);
}

/** Need documents: label (A), keywords and parent label (B). */
async function insertNeedDocuments(db: Kysely<DB>, where: RawBuilder<unknown>): Promise<void> {
  await sql`
    insert into search_document (kind, entity_id, locale, route, title, slug, context, folded_title, document, title_document, position)
    select 'need', n.id, nt.locale, 'need', nt.label, nt.slug, coalesce(parent.label, ''), search_fold(nt.label),
      ${part(sql`nt.label`, 'A')} || ${part(sql`coalesce(nk.words, '') || ' ' || coalesce(parent.label, '')`, 'B')},
      ${part(sql`nt.label`, 'A')},
      n."order" + 100 * coalesce(n.parent_id, n.id)
    from need n
    join need_translation nt on nt.need_id = n.id
    join ${CONFIGS} on c.locale = nt.locale
    left join need_translation parent on parent.need_id = n.parent_id and parent.locale = nt.locale
    left join search_keyword nk on nk.kind = 'need' and nk.key = n.key and nk.locale = nt.locale
    where ${where}
  `.execute(db);
}

/** Page documents (advice, quality and innovation): title (A), excerpt and introduction (B), text (C). */
async function insertPageDocuments(db: Kysely<DB>, where: RawBuilder<unknown>): Promise<void> {
  await sql`
    insert into search_document (kind, entity_id, locale, route, title, slug, context, folded_title, document, title_document, position)
    select 'page', pg.id, pt.locale, pt.route, pt.title, pt.slug, pt.excerpt, search_fold(pt.title),
      ${part(sql`pt.title`, 'A')}
        || ${part(text(sql`pt.excerpt || ' ' || coalesce(pt.introduction, '')`), 'B')}
        || ${part(text(sql`coalesce(pt.content, '') || ' ' || coalesce(paragraphs.words, '')`), 'C')},
      ${part(sql`pt.title`, 'A')},
      pg.position
    from page pg
    join page_translation pt on pt.page_id = pg.id
    join ${CONFIGS} on c.locale = pt.locale
    cross join lateral (
      select string_agg(v.value, ' ') as words
      from paragraph pa, jsonb_each_text(coalesce(pa.texts->pt.locale, '{}'::jsonb)) v
      where pa.page_id = pg.id
    ) paragraphs
    where pg.published and pg.type in ('advice', 'innovation') and pt.route in ('advice', 'innovation') and ${where}
  `.execute(db);
}

/** The terms: each folded word of the titles and keywords (the words people type), per language. */
async function insertTerms(db: Kysely<DB>): Promise<void> {
  await sql`
    insert into search_term (locale, word, documents)
    select d.locale, w.word, count(distinct (d.kind, d.entity_id))::int
    from (
      select locale, kind, entity_id, folded_title as words from search_document
      union all
      select sd.locale, sd.kind, sd.entity_id, search_fold(k.words)
      from search_keyword k
      join brand b on k.kind = 'brand' and b.key = k.key
      join search_document sd on sd.kind = 'brand' and sd.entity_id = b.id and sd.locale = k.locale
      union all
      select sd.locale, sd.kind, sd.entity_id, search_fold(k.words)
      from search_keyword k
      join need n on k.kind = 'need' and n.key = k.key
      join search_document sd on sd.kind = 'need' and sd.entity_id = n.id and sd.locale = k.locale
      union all
      select d.locale, 'ingredient', 0, search_fold(v.label)
      from vocabulary v join (select distinct locale from search_document) d on d.locale = v.locale
      where v.kind = 'active_ingredient'
    ) d
    cross join lateral regexp_split_to_table(d.words, '[^a-z0-9]+') as w(word)
    where length(w.word) >= ${sql.lit(MIN_TERM_LENGTH)}
    group by d.locale, w.word
  `.execute(db);
}

/** Product documents of the published products the condition on `p` selects. */
async function insertProductDocuments(db: Kysely<DB>, where: RawBuilder<unknown>): Promise<void> {
  await sql`
    insert into search_document (kind, entity_id, locale, route, title, slug, context, exact_keys, folded_title, document, title_document, position, sales_plans)
    select 'product', p.id, t.locale, 'product', t.name, t.slug, bt.name,
      array[lower(p.ean), lower(p.reference)],
      search_fold(t.name || ' ' || bt.name),
      ${part(sql`t.name || ' ' || bt.name`, 'A')}
        || ${part(sql`needs.labels || ' ' || coalesce(ingredients.labels, '') || ' ' || coalesce(bk.words, '')`, 'B')}
        || ${part(
          text(
            sql`coalesce(t.texts->>'tagline', '') || ' ' || coalesce(t.texts->>'legal_denomination', '') || ' ' ||
              coalesce(t.texts->>'description', '')`,
          ),
          'C',
        )},
      ${part(sql`t.name || ' ' || bt.name`, 'A')},
      p.position,
      coalesce((
        select array_agg(l.sales_plan_id order by l.sales_plan_id) from product_listing l
        where l.product_id = p.id and l.locale = t.locale and l.category_id = 0 and l.published and not l.is_free
      ), '{}')
    from product p
    join product_translation t on t.product_id = p.id
    join ${CONFIGS} on c.locale = t.locale
    join brand b on b.id = p.brand_id
    join brand_translation bt on bt.brand_id = b.id and bt.locale = t.locale
    left join search_keyword bk on bk.kind = 'brand' and bk.key = b.key and bk.locale = t.locale
    cross join lateral (
      select coalesce(string_agg(nt.label || ' ' || coalesce(nk.words, ''), ' '), '') as labels
      from product_need pn
      join need n on n.id = pn.need_id
      join need_translation nt on nt.need_id = pn.need_id and nt.locale = t.locale
      left join search_keyword nk on nk.kind = 'need' and nk.key = n.key and nk.locale = t.locale
      where pn.product_id = p.id
    ) needs
    cross join lateral (
      select string_agg(v.label, ' ') as labels
      from jsonb_array_elements_text(coalesce(p.caracteristics->'active_ingredient', '[]'::jsonb)) as a(key)
      join vocabulary v on v.kind = 'active_ingredient' and v.key = a.key and v.locale = t.locale
    ) ingredients
    where p.published and ${where}
  `.execute(db);
}

/** The entities a write changed, by kind of search document. */
export interface SearchTargets {
  product?: number[];
  brand?: number[];
  need?: number[];
  page?: number[];
}

const KINDS = ['product', 'brand', 'need', 'page'] as const;

/** `sd.kind = … and sd.entity_id in (…)` for each kind with ids; null when there are none. */
function targetCondition(targets: SearchTargets): RawBuilder<unknown> | null {
  const parts = KINDS.filter((k) => targets[k]?.length).map(
    (k) => sql`(sd.kind = ${k} and sd.entity_id in (${sql.join(targets[k]!)}))`,
  );
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : null;
}

/**
 * The search documents of the entities a write changed, and only theirs (a product, a page, a need
 * or a brand: a full rebuild per write would cost the whole catalogue). Their documents are
 * replaced, and the term counts adjusted by what their words were and are: a term counts the
 * entities whose title or keywords hold it, so the difference of the entities' own words is the
 * exact change. Runs in the write's transaction.
 */
export async function refreshSearchDocumentsFor(db: Kysely<DB>, targets: SearchTargets): Promise<void> {
  const condition = targetCondition(targets);
  if (!condition) return;
  const before = await entityWords(db, condition);
  for (const kind of KINDS)
    if (targets[kind]?.length)
      await db
        .deleteFrom('search_document')
        .where('kind', '=', kind)
        .where('entity_id', 'in', targets[kind]!)
        .execute();
  if (targets.product?.length) await insertProductDocuments(db, sql`p.id in (${sql.join(targets.product)})`);
  if (targets.brand?.length) await insertBrandDocuments(db, sql`b.id in (${sql.join(targets.brand)})`);
  if (targets.need?.length) await insertNeedDocuments(db, sql`n.id in (${sql.join(targets.need)})`);
  if (targets.page?.length) await insertPageDocuments(db, sql`pg.id in (${sql.join(targets.page)})`);
  const after = await entityWords(db, condition);
  const delta = new Map<string, { locale: string; word: string; n: number }>();
  for (const [rows, sign] of [
    [before, -1],
    [after, 1],
  ] as const)
    for (const row of rows) {
      const id = `${row.locale} ${row.word}`;
      const entry = delta.get(id) ?? { locale: row.locale, word: row.word, n: 0 };
      entry.n += sign * row.n;
      delta.set(id, entry);
    }
  const changed = [...delta.values()].filter((d) => d.n !== 0);
  for (let i = 0; i < changed.length; i += 500) {
    const part = changed.slice(i, i + 500);
    await db
      .insertInto('search_term')
      .values(part.map((d) => ({ locale: d.locale, word: d.word, documents: d.n })))
      .onConflict((oc) =>
        oc.columns(['locale', 'word']).doUpdateSet((eb) => ({
          documents: sql<number>`${eb.ref('search_term.documents')} + ${eb.ref('excluded.documents')}`,
        })),
      )
      .execute();
    await db
      .deleteFrom('search_term')
      .where('documents', '<=', 0)
      .where(sql<boolean>`(locale, word) in (${sql.join(part.map((d) => sql`(${d.locale}, ${d.word})`))})`)
      .execute();
  }
}

/** Per language and word, how many of the selected documents' entities hold it (title or keywords). */
async function entityWords(db: Kysely<DB>, condition: RawBuilder<unknown>) {
  const { rows } = await sql<{ locale: string; word: string; n: number }>`
    select d.locale, w.word, count(distinct (d.kind, d.entity_id))::int as n
    from (
      select sd.locale, sd.kind, sd.entity_id, sd.folded_title as words from search_document sd where ${condition}
      union all
      select sd.locale, sd.kind, sd.entity_id, search_fold(k.words)
      from search_keyword k
      join brand b on k.kind = 'brand' and b.key = k.key
      join search_document sd on sd.kind = 'brand' and sd.entity_id = b.id and sd.locale = k.locale
      where ${condition}
      union all
      select sd.locale, sd.kind, sd.entity_id, search_fold(k.words)
      from search_keyword k
      join need n on k.kind = 'need' and n.key = k.key
      join search_document sd on sd.kind = 'need' and sd.entity_id = n.id and sd.locale = k.locale
      where ${condition}
    ) d
    cross join lateral regexp_split_to_table(d.words, '[^a-z0-9]+') as w(word)
    where length(w.word) >= ${sql.lit(MIN_TERM_LENGTH)}
    group by d.locale, w.word
  `.execute(db);
  return rows;
}
