import type { Picture as PictureModel } from '../../contracts/catalogue';

interface Props {
  picture: PictureModel;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** 'high' for the picture that is the page's largest paint (the product hero). */
  fetchPriority?: 'high' | 'low' | 'auto';
}

/** AVIF where there is one, WebP, a PNG fallback, 1x/2x, explicit size (no layout shift). */
export function Picture({ picture, className, loading = 'lazy', fetchPriority }: Props) {
  const srcSet = (one: string, two?: string) => (two ? `${one} 1x, ${two} 2x` : one);
  return (
    <picture className={className}>
      {picture.avif && <source type="image/avif" srcSet={srcSet(picture.avif, picture.avif2x)} />}
      <source type="image/webp" srcSet={srcSet(picture.webp, picture.webp2x)} />
      <img
        src={picture.fallback}
        srcSet={picture.fallback2x ? srcSet(picture.fallback, picture.fallback2x) : undefined}
        width={picture.width}
        height={picture.height}
        alt={picture.alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    </picture>
  );
}
