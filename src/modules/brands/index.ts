/**
 * The brands feature's public face: its module and the service whose brand cards the home page's
 * slider shows. Inside the feature, files import each other directly, never through this file.
 */
export { BrandsModule } from './brands.module';
export { BrandsService } from './brands.service';
