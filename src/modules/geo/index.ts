/**
 * The geo feature's public face: the Swiss localities other features use (the contact form's postcode
 * rule, the pharmacy finder's place search). Inside the feature, files import each other directly.
 */
export { GeoModule } from './geo.module';
export { LocalityService } from './locality.service';
