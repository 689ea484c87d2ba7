/**
 * The catalogue feature's public face: what other features may import (the module and the service
 * that turns products into cards). Inside the feature, files import each other directly.
 */
export { CatalogueModule } from './catalogue.module';
export { CatalogueService } from './catalogue.service';
export { parseListOptions, ProductListService, type ListOptions, type ListSearchScope } from './product-list.service';
