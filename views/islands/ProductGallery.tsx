import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
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
  'zoom_video',
  'zoom_position',
  'previous',
  'next',
  'slide_n',
  'close',
  'video_blocked',
  'video_accept',
  'video_play',
] as const;
/** The texts of product.labels the gallery shows, and the role of a carousel (shell.carousel). */
type GalleryLabels = Pick<Labels<'product.labels'>, (typeof GALLERY_LABELS)[number]> & { carousel: string };

interface Props {
  slides: GallerySlide[];
  labels: GalleryLabels;
}

const THUMB_WINDOW = 4;
/** SPEC §4 Video: in the zoom modal the video starts by itself this long after it shows. */
export const ZOOM_AUTOPLAY_MS = 1000;

function Video({
  slide,
  labels,
  autoplayAfterMs,
}: {
  slide: Extract<GallerySlide, { type: 'video' }>;
  labels: GalleryLabels;
  autoplayAfterMs?: number;
}) {
  return (
    <VideoPlayer
      videoId={slide.videoId}
      title={slide.title}
      autoplayAfterMs={autoplayAfterMs}
      labels={{ blocked: labels.video_blocked, accept: labels.video_accept, watch: labels.video_play }}
    />
  );
}

/**
 * Image and video carousel with thumbnails (window of 4), previous/next hidden at the ends, and a zoom
 * modal that shows any slide large and moves through them (buttons, arrow keys). A picture opens it
 * when clicked, the video slide from its zoom button; in the modal the video plays only after video
 * consent, then starts by itself (muted) 1000 ms after it shows (SPEC §4).
 */
export default function ProductGallery({ slides, labels }: Props) {
  const enhanced = useHydrated();
  const [index, setIndex] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const slide = slides[index];
  const windowStart = Math.min(Math.max(0, index - THUMB_WINDOW + 1), Math.max(0, slides.length - THUMB_WINDOW));

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (zoomOpen && !el.open) el.showModal();
    if (!zoomOpen && el.open) el.close();
  }, [zoomOpen]);

  if (!slide) return null;
  const go = (to: number) => setIndex(Math.min(slides.length - 1, Math.max(0, to)));
  const onModalKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else return;
    event.preventDefault();
  };
  const nav = (where: 'stage' | 'modal') => ({
    previous: index > 0 && (
      <button
        type="button"
        className={`gallery__nav gallery__nav--prev${where === 'modal' ? ' modal__nav' : ''}`}
        onClick={() => go(index - 1)}
        aria-label={labels.previous}
      >
        ‹
      </button>
    ),
    next: index < slides.length - 1 && (
      <button
        type="button"
        className={`gallery__nav gallery__nav--next${where === 'modal' ? ' modal__nav' : ''}`}
        onClick={() => go(index + 1)}
        aria-label={labels.next}
      >
        ›
      </button>
    ),
  });
  const stageNav = nav('stage');
  const modalNav = nav('modal');
  const thumb = (s: GallerySlide) =>
    s.type === 'image' ? (
      <Picture picture={{ ...s.picture, width: 64, height: 64 }} />
    ) : (
      <span className="gallery__play" aria-hidden="true">
        ▶
      </span>
    );
  return (
    <section className="gallery" aria-roledescription={labels.carousel} aria-label={labels.gallery}>
      <div className="gallery__stage">
        {enhanced && stageNav.previous}
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
          <>
            {/* The zoom modal would not show a stage player that is playing: only while it is not. */}
            {!zoomOpen && <Video slide={slide} labels={labels} />}
            {enhanced && (
              <button
                type="button"
                className="gallery__zoom-video"
                onClick={() => setZoomOpen(true)}
                aria-label={labels.zoom_video.replace('{name}', slide.title)}
              >
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  <path
                    d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            )}
          </>
        )}
        {enhanced && stageNav.next}
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
        onClose={() => setZoomOpen(false)}
        onKeyDown={onModalKey}
      >
        {zoomOpen && (
          <div className="modal__body">
            <button type="button" className="modal__close" onClick={() => setZoomOpen(false)} aria-label={labels.close}>
              ×
            </button>
            {slide.type === 'image' ? (
              <Picture picture={slide.zoom} loading="eager" className="modal__zoom-image" />
            ) : (
              // A new player for each slide shown: the 1000 ms count again from its appearance.
              <Video key={index} slide={slide} labels={labels} autoplayAfterMs={ZOOM_AUTOPLAY_MS} />
            )}
            {slides.length > 1 && (
              <p className="modal__position" aria-live="polite">
                {labels.zoom_position.replace('{n}', String(index + 1)).replace('{total}', String(slides.length))}
              </p>
            )}
            {modalNav.previous}
            {modalNav.next}
          </div>
        )}
      </dialog>
    </section>
  );
}
