import type { Picture } from '../../contracts/catalogue';

/**
 * A page's cover (the largest paint of the page: loaded with high priority): its phone crop up to
 * 767 px when it has one, AVIF then WebP then PNG, decorative (the title is the page's heading).
 */
export function CoverPicture({ cover, mobile }: { cover: Picture; mobile: Picture | null }) {
  const phone = '(max-width: 767px)';
  return (
    <picture>
      {mobile?.avif && <source media={phone} type="image/avif" srcSet={mobile.avif} />}
      {mobile && <source media={phone} type="image/webp" srcSet={mobile.webp} />}
      {mobile && <source media={phone} srcSet={mobile.fallback} />}
      {cover.avif && <source type="image/avif" srcSet={cover.avif} />}
      <source type="image/webp" srcSet={cover.webp} />
      <img
        src={cover.fallback}
        width={cover.width}
        height={cover.height}
        alt=""
        fetchPriority="high"
        decoding="async"
      />
    </picture>
  );
}
