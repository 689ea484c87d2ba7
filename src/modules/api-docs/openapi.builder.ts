import { RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { z } from 'zod';
import { API_BEARER, API_BODY_SCHEMA, INTEGER_MAX, ParseIdPipe } from '../../common/api';

/** The subset of OpenAPI 3.0 this builder writes. */
export interface OpenApiDocument {
  openapi: '3.0.3';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, unknown>;
}

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Record<string, unknown>;
  description?: string;
}

interface OpenApiOperation {
  operationId: string;
  tags: string[];
  parameters: OpenApiParameter[];
  requestBody?: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
}

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
};

const ERROR = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR } },
});

/**
 * The OpenAPI document of the content API, read from what Nest itself routes: every controller
 * method under `/api/` (path and method metadata), its path parameters (an id pipe makes it a
 * database id), its query DTO (the class-validator rules that validate it become the parameters'
 * schemas, so the document cannot drift from the validation) and its bearer header.
 */
export function buildOpenApi(modules: ModulesContainer): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | undefined;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const subPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        if (subPaths === undefined || !method) continue;
        for (const sub of Array.isArray(subPaths) ? subPaths : [subPaths]) {
          const expressPath = `/${[base, sub].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/');
          if (!expressPath.startsWith('/api/')) continue;
          const path = expressPath.replace(/:([A-Za-z_]+)/g, '{$1}');
          paths[path] ??= {};
          paths[path][method] = operation(controller, name, handler, expressPath);
        }
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.0.3',
    info: {
      title: 'Content API',
      version: 'v1',
      description:
        'Every request may carry shop_id and lang (SPEC §7). Bad input answers 400 with details naming each faulty parameter; unknown resources 404. Writes (POST, PUT, DELETE) need a bearer token `api_<id>.<secret>` with the resource in its scopes (npm run api-token:create).',
    },
    paths: sorted,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['statusCode', 'message'],
          properties: {
            statusCode: { type: 'integer' },
            error: { type: 'string' },
            message: { type: 'string' },
            details: { type: 'object', additionalProperties: { type: 'string' } },
            errors: {
              type: 'object',
              description:
                'Form posts (contact, newsletter) only, SPEC §7: the code of the refusal (INVALID_INPUT, RECAPTCHA_ERROR, CAPTCHA_MISSING, TOO_FAST, FORM_TOKEN, RATE_LIMITED, UNKNOWN_ERROR) and a code per faulty field (validation_lastname…)',
              required: ['code', 'fields'],
              properties: {
                code: { type: 'string' },
                fields: {
                  type: 'object',
                  additionalProperties: {
                    type: 'object',
                    required: ['code'],
                    properties: { code: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}

function operation(controller: Type, name: string, handler: unknown, expressPath: string): OpenApiOperation {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArg>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []) as Array<Type | undefined>;
  const parameters: OpenApiParameter[] = [];
  let requestBody: OpenApiOperation['requestBody'];
  let bearer = false;
  for (const [key, arg] of Object.entries(args)) {
    const type = Number(key.split(':')[0]);
    if (type === RouteParamtypes.PARAM && typeof arg.data === 'string') {
      const isId = (arg.pipes ?? []).some((pipe) => pipe instanceof ParseIdPipe || pipe === ParseIdPipe);
      parameters.push({
        name: arg.data,
        in: 'path',
        required: true,
        schema: isId ? { type: 'integer', minimum: 1, maximum: INTEGER_MAX } : { type: 'string' },
      });
    } else if (type === RouteParamtypes.QUERY && arg.data === undefined && types[arg.index]) {
      parameters.push(...queryParameters(types[arg.index] as Type));
    } else if (type === RouteParamtypes.BODY) {
      requestBody = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };
    } else if (type === RouteParamtypes.HEADERS && String(arg.data).toLowerCase() === 'authorization') {
      bearer = true;
    }
  }
  const bodySchema = Reflect.getMetadata(API_BODY_SCHEMA, handler as object) as z.ZodType | undefined;
  if (bodySchema)
    requestBody = {
      required: true,
      content: {
        'application/json': {
          // The very schema the handler validates with (src/database/content-schema).
          schema: z.toJSONSchema(bodySchema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }),
        },
      },
    };
  const writes =
    Reflect.getMetadata(API_BEARER, handler as object) === true || Reflect.getMetadata(API_BEARER, controller) === true;
  if (writes) bearer = true;
  const status = String(
    Reflect.getMetadata(HTTP_CODE_METADATA, handler as object) ??
      (Reflect.getMetadata(METHOD_METADATA, handler as object) === RequestMethod.POST ? 201 : 200),
  );
  return {
    operationId: `${controller.name.replace(/Controller$/, '')}.${name}`,
    tags: [controller.name.replace(/(Api)?Controller$/, '')],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    ...(bearer ? { security: [{ bearer: [] }] } : {}),
    responses: {
      [status]:
        status === '204'
          ? { description: 'Done, no content' }
          : { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } },
      '400': errorResponse('Bad input: details name each faulty parameter'),
      ...(bearer ? { '401': errorResponse('No valid bearer token') } : {}),
      ...(expressPath.includes(':') || !requestBody ? { '404': errorResponse('Unknown resource') } : {}),
      ...(writes
        ? {
            '403': errorResponse("The token lacks the resource's scope or the request's shop"),
            '409': errorResponse('Conflict: a slug or key another record holds, or a record still referenced'),
            '413': errorResponse('Body too large'),
            '415': errorResponse('Body not application/json'),
            '429': errorResponse('Rate limit of the token reached (Retry-After)'),
          }
        : {}),
    },
  };
}

/** A query DTO's properties and the schema its validation rules give each. */
function queryParameters(dto: Type): OpenApiParameter[] {
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  return [...byProperty.entries()].map(([property, list]) => {
    const optional = list.some((r) => r.type === 'conditionalValidation');
    return { name: property, in: 'query', required: !optional, schema: schemaOf(list) };
  });
}

function schemaOf(rules: ValidationMetadata[]): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  const constraint = (name: string) => rules.find((r) => r.name === name || r.type === name)?.constraints ?? [];
  const has = (name: string) => rules.some((r) => r.name === name || r.type === name);
  if (has('isInt')) schema.type = 'integer';
  else if (has('isNumber') || has('isLatitude') || has('isLongitude')) schema.type = 'number';
  else if (has('isBoolean')) Object.assign(schema, { type: 'boolean', description: 'true/1 or false/0' });
  else if (has('isArray')) Object.assign(schema, { type: 'string', description: 'a JSON array' });
  else if (has('isObject')) Object.assign(schema, { type: 'string', description: 'a JSON object' });
  else schema.type = 'string';
  if (has('min')) schema.minimum = constraint('min')[0];
  if (has('max')) schema.maximum = constraint('max')[0];
  if (has('maxLength')) schema.maxLength = constraint('maxLength')[0];
  if (has('isIn')) schema.enum = constraint('isIn')[0];
  if (has('matches')) schema.pattern = String((constraint('matches')[0] as RegExp).source ?? constraint('matches')[0]);
  return schema;
}
