import { z } from 'zod';
import { flatSlug, key, str, text } from './fields';

/**
 * A pharmacy (SPEC §3 "Store / point of sale": id, name, address_1..3, zipcode, city, phone,
 * latitude, longitude, is_insudiet; distance is computed per search), with the ranges (brand keys)
 * it stocks: the body of `POST /api/v1/stores` and what the seed writes.
 */
export const storeSchema = z.strictObject({
  slug: flatSlug,
  name: text(200),
  address_1: str(200).default(''),
  address_2: str(200).default(''),
  address_3: str(200).default(''),
  zipcode: z.string().regex(/^[0-9]{4}$/, 'four digits (SPEC §9)'),
  city: text(200),
  phone: z
    .string()
    .max(40)
    .regex(/^[+0-9 ()./-]*$/, 'digits, spaces and + ( ) . / -')
    .default(''),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  is_insudiet: z.boolean().default(false),
  brands: z.array(key).max(50).default([]),
});

export type StoreContent = z.output<typeof storeSchema>;
