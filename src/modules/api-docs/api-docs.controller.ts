import { Controller, Get } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { buildOpenApi, type OpenApiDocument } from './openapi.builder';

/** GET /api/v1/docs.json: the content API's OpenAPI document, generated from the controllers and DTOs. */
@Controller('api/v1')
export class ApiDocsController {
  private document?: OpenApiDocument;

  constructor(private readonly modules: ModulesContainer) {}

  @Get('docs.json')
  docs(): OpenApiDocument {
    // The routes are fixed once the app is built: read them once.
    this.document ??= buildOpenApi(this.modules);
    return this.document;
  }
}
