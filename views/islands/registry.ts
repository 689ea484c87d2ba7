import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType<never> }>;

/**
 * Every island the client can hydrate, by name (the component's name). Each is its own chunk: a page
 * loads only the islands it shows. `registry.spec.ts` checks names against the components.
 */
export const ISLANDS: Record<string, Loader> = {
};
