/** The content write API's public face: the module and the token service (the CLI creates and revokes tokens). */
export { ContentApiModule } from './content-api.module';
export { ApiTokenError, ApiTokenService } from './api-token.service';
export { WRITE_RESOURCES, WRITE_RESOURCE_NAMES, type WriteResource } from './write-resources';
