import { Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { AppCache } from '../../cache/app-cache.service';
import { hasControlCharacters } from '../../common/api/api-params';
import { brandLogoSvg, type BrandLogoLayout } from './brand-logo.svg';
import { MediaRepository } from './media.repository';
import {
  BRAND_LOGO_SIZES,
  brandLogoUrl,
  EDITORIAL_IMAGE_SIZES,
  editorialImageUrl,
  editorialImageVersion,
  isEditorialImageSize,
  type EditorialImageSize,
  type EditorialImageSubject,
  brandLogoVersion,
  isBrandLogoSize,
  isProductImageSize,
  PRODUCT_IMAGE_SIZES,
  productImageUrl,
  productImageVersion,
  SLIDE_VISUAL,
  slideImageUrl,
  slideVersion,
  type BrandLogoSize,
  type BrandLogoSubject,
  type ImageFormat,
  type ProductImageSize,
  type ProductImageSubject,
  type SlideSubject,
} from './media-urls';
import { productSvg } from './packshot.svg';
import { RenderedImages } from './rendered-images';
import { contentSvg, ingredientSvg } from './slides.svg';
import { editorialSvg, MOTIF_DRAWINGS, PALETTE_COLOURS } from './editorial.svg';

/** What the controller sends: an image, a 304, a redirect to the current version, or a 404. */
export type MediaResult =
  | { kind: 'image'; body: Buffer; headers: Record<string, string> }
  | { kind: 'not-modified'; headers: Record<string, string> }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' };

export interface MediaRequest {
  /** The `:version` segment of the URL. */
  version: string;
  /** The last segment: `card.webp`, `card.png` or `card` (negotiated on Accept). */
  file: string;
  accept?: string;
  ifNoneMatch?: string;
}

// Rendered images are kept in a bounded LRU (RenderedImages, over lru-cache): libvips' operation cache would hold the same
// pictures a second time, and one rasterisation thread leaves the other core to the web server.
sharp.cache(false);
sharp.concurrency(1);

const IMMUTABLE = 'public, max-age=31536000, immutable';
const CONTENT_TYPES: Record<ImageFormat, string> = { webp: 'image/webp', png: 'image/png', avif: 'image/avif' };
const MAX_ID_LENGTH = 100;
const FILE = /^([a-z0-9]+)(?:\.(webp|png|avif))?$/;

class NotFound extends Error {}

interface ImageKind<S, Z extends string> {
  name: 'product' | 'brand' | 'slide' | 'editorial';
  /** Whether its `.avif` twin exists (editorial pictures: docs/media.md "AVIF"). */
  avif?: boolean;
  isSize(size: string): size is Z;
  load(id: string): Promise<S | undefined>;
  version(subject: S): string;
  url(subject: S, version: string, size: Z, format: ImageFormat): string;
  svg(subject: S, size: Z): string;
}

/**
 * Generated packshots and brand logos (SPEC §9 sizes). The URL names a version (a hash of what the
 * picture shows): the current version is served as immutable, an old one answers 301 to the current
 * URL, so a page rendered before a product changed still shows the right picture. What an image shows
 * is cached with the read models; rendered bytes are kept in a bounded LRU, and concurrent requests
 * for the same cold image share one rasterisation.
 */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);
  private readonly rendered = new RenderedImages();

  private readonly products: ImageKind<ProductImageSubject, ProductImageSize> = {
    name: 'product',
    isSize: isProductImageSize,
    load: (reference) => this.repository.findProduct(reference),
    version: productImageVersion,
    url: (p, version, size, format) => productImageUrl(p.reference, version, size, format),
    svg: (p, size) => productSvg({ brandName: p.brandName, name: p.name, ...p.image }, PRODUCT_IMAGE_SIZES[size]),
  };

  private readonly brands: ImageKind<BrandLogoSubject, BrandLogoSize> = {
    name: 'brand',
    isSize: isBrandLogoSize,
    load: (key) => this.repository.findBrand(key),
    version: brandLogoVersion,
    url: (b, version, size, format) => brandLogoUrl(b.key, version, size, format),
    svg: (b, size) => {
      const [width, height] = BRAND_LOGO_SIZES[size];
      const layout: BrandLogoLayout = size === 'icon' ? 'icon' : width === height ? 'square' : 'wide';
      return brandLogoSvg({ name: b.name, color: b.color }, width, height, layout);
    },
  };

  /** Gallery visuals other than the packshot; the id is `{reference}/{visual}`. */
  private readonly slides: ImageKind<SlideSubject, ProductImageSize> = {
    name: 'slide',
    isSize: isProductImageSize,
    load: (id) => {
      const [reference, visual] = id.split('/');
      return this.repository.findSlide(reference, visual);
    },
    version: slideVersion,
    url: (s, version, size, format) => slideImageUrl(s.reference, s.visual, version, size, format),
    svg: (s, size) =>
      s.ingredient
        ? ingredientSvg({ ...s.ingredient, color: s.color }, PRODUCT_IMAGE_SIZES[size])
        : contentSvg({ galenicFormat: s.galenicFormat, color: s.color }, PRODUCT_IMAGE_SIZES[size]),
  };

  /** Editorial pictures: the id is `{motif}/{palette}`, both from the fixed lists (no database). */
  private readonly editorials: ImageKind<EditorialImageSubject, EditorialImageSize> = {
    name: 'editorial',
    avif: true,
    isSize: isEditorialImageSize,
    load: (id) => {
      const [motif, palette] = id.split('/');
      const known = (list: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(list, key);
      return Promise.resolve(
        known(MOTIF_DRAWINGS, motif) && known(PALETTE_COLOURS, palette) ? { motif, palette } : undefined,
      );
    },
    version: editorialImageVersion,
    url: (e, version, size, format) => editorialImageUrl(e, version, size, format),
    svg: (e, size) => {
      const [width, height] = EDITORIAL_IMAGE_SIZES[size];
      return editorialSvg(e.motif, e.palette, width, height);
    },
  };

  constructor(
    private readonly repository: MediaRepository,
    private readonly cache: AppCache,
  ) {}

  product(reference: string, request: MediaRequest): Promise<MediaResult> {
    return this.serve(this.products, reference.toLowerCase(), request);
  }

  brand(key: string, request: MediaRequest): Promise<MediaResult> {
    return this.serve(this.brands, key, request);
  }

  slide(reference: string, visual: string, request: MediaRequest): Promise<MediaResult> {
    if (!SLIDE_VISUAL.test(visual) || reference.includes('/')) return Promise.resolve({ kind: 'not-found' });
    return this.serve(this.slides, `${reference.toLowerCase()}/${visual}`, request);
  }

  editorial(motif: string, palette: string, request: MediaRequest): Promise<MediaResult> {
    return this.serve(this.editorials, `${motif}/${palette}`, request);
  }

  /** Rendered images held in memory (for tests and diagnostics). */
  get renderedCount(): number {
    return this.rendered.size;
  }

  private async serve<S, Z extends string>(
    kind: ImageKind<S, Z>,
    id: string,
    request: MediaRequest,
  ): Promise<MediaResult> {
    const file = FILE.exec(request.file);
    // NUL and other controls never name a product or brand (and PostgreSQL refuses NUL in text).
    if (!file || !kind.isSize(file[1]) || !id || id.length > MAX_ID_LENGTH || hasControlCharacters(id))
      return { kind: 'not-found' };
    const size = file[1];
    const explicit = file[2] as ImageFormat | undefined;
    if (explicit === 'avif' && !kind.avif) return { kind: 'not-found' };

    let subject = await this.subject(kind, id, false);
    if (subject && kind.version(subject) !== request.version) subject = await this.subject(kind, id, true);
    if (!subject) return { kind: 'not-found' };
    const version = kind.version(subject);
    if (version !== request.version) {
      const current = kind.url(subject, version, size, explicit ?? 'png');
      return { kind: 'redirect', location: explicit ? current : current.replace(/\.png$/, '') };
    }

    const format: ImageFormat = explicit ?? ((request.accept ?? '').includes('image/webp') ? 'webp' : 'png');
    const etag = `"${version}-${size}-${format}"`;
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[format],
      'Cache-Control': IMMUTABLE,
      ETag: etag,
      ...(explicit ? {} : { Vary: 'Accept' }),
    };
    if (matchesEtag(request.ifNoneMatch, etag)) return { kind: 'not-modified', headers };
    const body = await this.render(`${kind.name}:${version}:${size}:${format}`, () => kind.svg(subject, size), format);
    return { kind: 'image', body, headers };
  }

  /** What the image shows, from the read-model cache; `fresh` reloads it (a URL newer than the cache). */
  private async subject<S>(kind: ImageKind<S, string>, id: string, fresh: boolean): Promise<S | undefined> {
    const key = `media:${kind.name}:${id}`;
    if (fresh) await this.cache.delete(key);
    try {
      return await this.cache.getOrSet(key, async () => {
        const found = await kind.load(id);
        // Unknown ids are not cached: random URLs must not fill the cache.
        if (!found) throw new NotFound();
        return found;
      });
    } catch (error) {
      if (error instanceof NotFound) return undefined;
      throw error;
    }
  }

  private render(key: string, svg: () => string, format: ImageFormat): Promise<Buffer> {
    return this.rendered.get(key, async () => {
      const started = Date.now();
      const body = await rasterise(svg(), format);
      this.logger.debug(`rendered ${key} (${body.length} bytes, ${Date.now() - started} ms)`);
      return body;
    });
  }
}

/**
 * SVG → WebP (lossy, high quality: flat colours and text stay crisp), PNG (palette, small) or AVIF
 * (quality 60 at effort 2: about a third of the WebP for 2 to 3 times its encoding time, where effort 4
 * would cost 6 times more for the same bytes; docs/media.md "AVIF").
 */
export function rasterise(svg: string, format: ImageFormat): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  if (format === 'avif') return image.avif({ quality: 60, effort: 2 }).toBuffer();
  return format === 'webp'
    ? image.webp({ quality: 90, alphaQuality: 100, effort: 4 }).toBuffer()
    : image.png({ compressionLevel: 9, palette: true, quality: 100, effort: 4 }).toBuffer();
}

/** If-None-Match: a list of entity tags (weak ones compare equal) or `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
