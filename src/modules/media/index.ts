/**
 * The media feature's public face: what other features may import (the module, its service and the
 * URL builders of the generated pictures). Inside the feature, files import each other directly.
 */
export { MediaModule } from './media.module';
export { MediaService, type MediaResult } from './media.service';
export { sendMediaResult } from './media-response';
export {
  brandLogo,
  editorialPicture,
  type EditorialImageSize,
  galleryVisuals,
  LABEL_LOCALE,
  PRODUCT_IMAGE_SIZES,
  productPicture,
  slidePicture,
  type GalleryVisual,
  type PictureSources,
  type SlideSubject,
} from './media-urls';
