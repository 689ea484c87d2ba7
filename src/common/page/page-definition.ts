import type { ComponentType } from 'react';
import type { RouteName } from '../../../contracts/route-table';

/** Metadata key under which `@Page` stores the handler's `PageDefinition` for `PageInterceptor`. */
export const PAGE_METADATA = 'page:definition';

export interface PageDefinition {
  route: RouteName;
  component: ComponentType<never>;
  /** Named route middleware (SPEC §2.1) run before the handler; an unknown name is a 500. */
  middleware?: string[];
  /** Whether the rendered HTML may be reused for the same URL (anonymous, no per-visitor content). */
  cache?: boolean;
}
