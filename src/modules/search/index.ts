/** The search feature's public face: its module (nothing else uses its internals). */
export { SearchModule } from './search.module';
