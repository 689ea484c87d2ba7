import { Module } from '@nestjs/common';
import { ApiDocsController } from './api-docs.controller';

/** The content API's description (issue 15): an OpenAPI document read from the app's own routes. */
@Module({ controllers: [ApiDocsController] })
export class ApiDocsModule {}
