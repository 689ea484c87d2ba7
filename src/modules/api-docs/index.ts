/** The API description feature: its module and the builder (for the spec that checks it covers every route). */
export { ApiDocsModule } from './api-docs.module';
export { buildOpenApi, type OpenApiDocument } from './openapi.builder';
