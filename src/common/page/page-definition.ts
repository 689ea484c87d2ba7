import type { ComponentType } from 'react';
import type { RouteName } from '../../../contracts/route-table';

/** Metadata key under which `@Page` stores the handler's `PageDefinition` for `PageInterceptor`. */
export const PAGE_METADATA = 'page:definition';

export interface PageDefinition {
  route: RouteName;
  component: ComponentType<never>;
  /** Named route middleware (SPEC §2.1) run before the handler; an unknown name is a 500. */
  middleware?: string[];
  /**
   * Whether the rendered HTML may be reused for the same URL (anonymous, no per-visitor content).
   * `false`: never kept, sent `Cache-Control: private, no-store` (a form with its CSRF token).
   */
  cache?: boolean;
  /** GET (the default), or POST for a form that answers with its page (errors shown beside fields). */
  method?: 'GET' | 'POST';
  /**
   * What a path of the route that does not fit its parameter patterns (or is another language's)
   * answers: the plain 404 by default; 'page' for routes whose 404 SPEC §8 words "Cette page n'existe
   * pas" (the editorial routes: a list page that is not digits is a page lookup that found nothing).
   */
  notFound?: 'page';
}
