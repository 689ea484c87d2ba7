/** The seo feature's public face. */
export { SeoModule } from './seo.module';
