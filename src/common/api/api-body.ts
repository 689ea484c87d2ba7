import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

/** Metadata key: the zod schema that validates a handler's JSON body (read by the OpenAPI builder). */
export const API_BODY_SCHEMA = 'api:body-schema';

/**
 * Names the schema a handler validates its body with, so the OpenAPI document shows the very
 * definition the handler applies (z.toJSONSchema), never a copy.
 */
export const ApiBody = (schema: z.ZodType) => SetMetadata(API_BODY_SCHEMA, schema);

/** Metadata key: the handlers of a controller need a bearer token (read by the OpenAPI builder). */
export const API_BEARER = 'api:bearer';

/** Marks a controller (or a handler) as behind a bearer token, for the OpenAPI document. */
export const ApiBearer = () => SetMetadata(API_BEARER, true);
