import type { z } from 'zod';
import type { ContentDomain } from '../../cache/content-generations';
import {
  brandSchema,
  needSchema,
  productSchema,
  redirectionSchema,
  settingSchema,
  storedPageSchema,
  storeSchema,
} from '../../database/content-schema';

/**
 * The resources of the write API (SPEC §7 generic resource helper: create POST /{resource}, update
 * PUT /{resource}/{id}, delete DELETE /{resource}/{id}). Each is written on the path its read calls
 * already use (`product`, `page`, `need`, `redirections`, `settings`; `brands` as in
 * /brands/{id}/faqs, `stores` as the store finder's list), validated by the schema the seed uses,
 * and scoped for tokens by its name.
 */
export const WRITE_RESOURCES = {
  products: { path: 'product', schema: productSchema, domains: ['content'] },
  pages: { path: 'page', schema: storedPageSchema, domains: ['content'] },
  needs: { path: 'need', schema: needSchema, domains: ['content'] },
  brands: { path: 'brands', schema: brandSchema, domains: ['content', 'stores'] },
  pharmacies: { path: 'stores', schema: storeSchema, domains: ['stores'] },
  redirections: { path: 'redirections', schema: redirectionSchema, domains: ['platform'] },
  settings: { path: 'settings', schema: settingSchema, domains: ['platform'] },
} as const satisfies Record<string, { path: string; schema: z.ZodType; domains: readonly ContentDomain[] }>;

export type WriteResource = keyof typeof WRITE_RESOURCES;
export const WRITE_RESOURCE_NAMES = Object.keys(WRITE_RESOURCES) as WriteResource[];
export type WriteBody<R extends WriteResource> = z.output<(typeof WRITE_RESOURCES)[R]['schema']>;
export type WriteAction = 'create' | 'update' | 'delete';

/** The shop and language a write is for (the request's `shop_id` and `lang`, or its host's). */
export interface WriteScope {
  shopId: number;
  locale: string;
}

/** Who writes: the bearer token. */
export interface WriteActor {
  tokenId: number;
  tokenName: string;
  requestId: string | null;
}
