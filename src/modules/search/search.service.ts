import { Injectable } from '@nestjs/common';
import { SearchRepository, type CompiledSearch, type SearchKind } from './search.repository';
import { exactKeys, SEARCH_PRODUCT_CAP, SUGGEST_CANDIDATES, tsquerySource } from './search.rules';

export interface SearchScope {
  locale: string;
  salesPlanId: number;
}

/**
 * The search engine (docs/decisions.md "Search"): a text becomes folded words, each widened to the
 * indexed words it may mean (typos, compounds; completions for suggestions), then a weighted
 * full-text query per kind. Every word must match ('all'); when that finds nothing anywhere, any
 * word may ('any'). A search that still finds nothing is counted in search_miss.
 */
@Injectable()
export class SearchService {
  constructor(private readonly repository: SearchRepository) {}

  /** The compiled search of a text in a language: strict first, the loose form when strict finds nothing. */
  async compile(
    locale: string,
    text: string,
    suggest = false,
  ): Promise<{ strict: CompiledSearch; loose: CompiledSearch }> {
    const tokens = await this.repository.expand(locale, text, suggest);
    const folded = tokens.map((t) => t.token).join(' ');
    const keys = exactKeys(text);
    return {
      strict: { locale, folded, keys, tsquery: tsquerySource(tokens, 'all', suggest) },
      loose: { locale, folded, keys, tsquery: tokens.length > 1 ? tsquerySource(tokens, 'any', suggest) : '' },
    };
  }

  /**
   * The search of a text: the ranked product ids (for the solutions tab's listing) and the count of
   * each other kind. Falls back to the loose query when the strict one finds nothing at all.
   */
  async search(scope: SearchScope, text: string) {
    const { strict, loose } = await this.compile(scope.locale, text);
    let result = await this.run(scope, strict);
    if (result.empty && loose.tsquery) result = await this.run(scope, loose);
    return result;
  }

  /** One statement: the ranked products and the count of every other kind. */
  private async run(scope: SearchScope, compiled: CompiledSearch) {
    const { products, counts: others } = await this.repository.searchAll(compiled, {
      salesPlanId: scope.salesPlanId,
      limit: SEARCH_PRODUCT_CAP,
    });
    const counts = { product: products.total, ...others };
    return {
      compiled,
      productIds: products.ids,
      counts,
      empty: Object.values(counts).every((c) => c === 0),
    };
  }

  /** One page of one kind's results. */
  page(kind: SearchKind, compiled: CompiledSearch, scope: SearchScope, limit: number, offset: number) {
    return this.repository.find(kind, compiled, { salesPlanId: scope.salesPlanId, limit, offset });
  }

  /** Suggestions (SPEC §7 "Suggest"): the best few of each kind, the last word completed. */
  async suggest(scope: SearchScope, text: string, limits: Record<SearchKind, number>) {
    const { strict, loose } = await this.compile(scope.locale, text, true);
    const scoped = { salesPlanId: scope.salesPlanId, candidates: SUGGEST_CANDIDATES };
    const run = async (compiled: CompiledSearch) => {
      // Titles first (their own small index): a prefix common to thousands of products' texts then
      // costs nothing; the kinds with too few title matches are looked up in the whole documents.
      const groups = await this.repository.suggest(compiled, { ...scoped, titleOnly: true }, limits);
      const lacking = (Object.keys(limits) as SearchKind[]).filter((kind) => groups[kind].length < limits[kind]);
      if (lacking.length) {
        const more = await this.repository.suggest(
          compiled,
          scoped,
          Object.fromEntries(lacking.map((kind) => [kind, limits[kind]])),
        );
        for (const kind of lacking) groups[kind] = more[kind];
      }
      return groups;
    };
    let groups = await run(strict);
    if (Object.values(groups).every((hits) => hits.length === 0) && loose.tsquery) groups = await run(loose);
    return groups;
  }

  /** Counts a search that found nothing (per text and language). */
  countMiss(locale: string, text: string): Promise<void> {
    return this.repository.countMiss(locale, text.toLowerCase());
  }
}
