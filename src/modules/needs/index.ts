/**
 * The needs feature's public face: its module and the service the home page's need selector uses.
 * Inside the feature, files import each other directly, never through this file.
 */
export { NeedsModule } from './needs.module';
export { NeedsService } from './needs.service';
