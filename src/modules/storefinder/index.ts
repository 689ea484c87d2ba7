/** The store finder feature's public face (its module). Inside the feature, files import each other directly. */
export { StoreFinderModule } from './storefinder.module';
