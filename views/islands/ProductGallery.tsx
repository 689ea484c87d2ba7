import { useEffect, useRef, useState } from 'react';
import type { Picture as PictureModel } from '../../contracts/catalogue';
import type { Labels } from '../../contracts/i18n';
import { useHydrated } from './browser-hooks';
import VideoPlayer from './VideoPlayer';
import { Picture } from '../components/Picture';

export type GallerySlide =
  | { type: 'image'; picture: PictureModel; zoom: PictureModel }
  | { type: 'video'; videoId: string; title: string };

/** The texts of product.labels the gallery shows. */
export const GALLERY_LABELS = [
  'gallery',
  'zoom',
  'zoom_picture',
  'previous',
  'next',
  'slide_n',
  'close',
  'video_blocked',
  'video_accept',
  'video_play',
] as const;
type GalleryLabels = Pick<Labels<'product.labels'>, (typeof GALLERY_LABELS)[number]>;

interface Props {
  slides: GallerySlide[];
  labels: GalleryLabels;
}

const THUMB_WINDOW = 4;

function Video({
  id,
  title,
  autoplay,
  labels,
}: {
  id: string;
  title: string;
  autoplay: boolean;
  labels: GalleryLabels;
}) {
  return (
    <VideoPlayer
      videoId={id}
      title={title}
      autoplay={autoplay}
      labels={{ blocked: labels.video_blocked, accept: labels.video_accept, watch: labels.video_play }}
    />
  );
}

/**
 * Image and video carousel with thumbnails (window of 4), previous/next hidden at the ends, and a zoom
 * modal; the video plays only after video consent, and autoplays in the zoom modal after 1000 ms.
 */
export default function ProductGallery({ slides, labels }: Props) {
  const enhanced = useHydrated();
  const [index, setIndex] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  /** Index of the zoomed slide whose video may autoplay (set 1000 ms after the modal opens). */
  const [autoplayIndex, setAutoplayIndex] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const slide = slides[index];
  const windowStart = Math.min(Math.max(0, index - THUMB_WINDOW + 1), Math.max(0, slides.length - THUMB_WINDOW));

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (zoomOpen && !el.open) el.showModal();
    if (!zoomOpen && el.open) el.close();
  }, [zoomOpen]);

  useEffect(() => {
    if (!zoomOpen || slide?.type !== 'video') return;
    const timer = window.setTimeout(() => setAutoplayIndex(index), 1000);
    return () => window.clearTimeout(timer);
  }, [zoomOpen, slide, index]);
  const autoplay = zoomOpen && autoplayIndex === index;

  if (!slide) return null;
  const thumb = (s: GallerySlide) =>
    s.type === 'image' ? (
      <Picture picture={{ ...s.picture, width: 64, height: 64 }} />
    ) : (
      <span className="gallery__play" aria-hidden="true">
        ▶
      </span>
    );
  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={labels.gallery}>
      <div className="gallery__stage">
        {enhanced && index > 0 && (
          <button
            type="button"
            className="gallery__nav gallery__nav--prev"
            onClick={() => setIndex(index - 1)}
            aria-label={labels.previous}
          >
            ‹
          </button>
        )}
        {slide.type === 'image' && !enhanced ? (
          // Without JavaScript the picture links to its large version.
          <a
            className="gallery__zoom"
            href={slide.zoom.fallback}
            aria-label={labels.zoom_picture.replace('{name}', slide.picture.alt)}
          >
            <Picture picture={slide.picture} loading="eager" fetchPriority={index === 0 ? 'high' : undefined} />
          </a>
        ) : slide.type === 'image' ? (
          <button
            type="button"
            className="gallery__zoom"
            onClick={() => setZoomOpen(true)}
            aria-label={labels.zoom_picture.replace('{name}', slide.picture.alt)}
          >
            {/* The first picture is the page's largest paint: fetched first. */}
            <Picture picture={slide.picture} loading="eager" fetchPriority={index === 0 ? 'high' : undefined} />
          </button>
        ) : (
          <Video id={slide.videoId} title={slide.title} autoplay={false} labels={labels} />
        )}
        {enhanced && index < slides.length - 1 && (
          <button
            type="button"
            className="gallery__nav gallery__nav--next"
            onClick={() => setIndex(index + 1)}
            aria-label={labels.next}
          >
            ›
          </button>
        )}
      </div>
      {slides.length > 1 && (
        <ul className="gallery__thumbs">
          {slides.slice(windowStart, windowStart + THUMB_WINDOW).map((s, i) => {
            const position = windowStart + i;
            return (
              <li key={position}>
                {enhanced || s.type !== 'image' ? (
                  <button
                    type="button"
                    className={`gallery__thumb${position === index ? ' is-active' : ''}`}
                    aria-current={position === index ? 'true' : undefined}
                    aria-label={labels.slide_n.replace('{n}', String(position + 1))}
                    onClick={() => setIndex(position)}
                    disabled={!enhanced}
                  >
                    {thumb(s)}
                  </button>
                ) : (
                  // Without JavaScript a thumbnail opens its large picture.
                  <a
                    className={`gallery__thumb${position === index ? ' is-active' : ''}`}
                    href={s.zoom.fallback}
                    aria-label={labels.slide_n.replace('{n}', String(position + 1))}
                  >
                    {thumb(s)}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <dialog
        ref={dialog}
        className="modal modal--zoom"
        aria-label={labels.zoom}
        onClose={() => (setZoomOpen(false), setAutoplayIndex(null))}
      >
        {zoomOpen && (
          <div className="modal__body">
            <button type="button" className="modal__close" onClick={() => setZoomOpen(false)} aria-label={labels.close}>
              ×
            </button>
            {slide.type === 'image' ? (
              <Picture picture={slide.zoom} loading="eager" className="modal__zoom-image" />
            ) : (
              <Video id={slide.videoId} title={slide.title} autoplay={autoplay} labels={labels} />
            )}
          </div>
        )}
      </dialog>
    </section>
  );
}
