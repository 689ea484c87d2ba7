import { useEffect, useRef, useState } from 'react';
import type { Picture as PictureModel } from '../../contracts/catalogue';
import { VIDEO_PLAYER_ORIGIN, videoEmbedUrl, videoThumbnailUrl, videoWatchUrl } from '../../contracts/video';
import { Picture } from '../components/Picture';
import { track } from './analytics';
import { useHydrated } from './browser-hooks';
import { isPlayMessage, listeningMessages } from './video-events';
import { useVideoConsent } from './video-consent';

export interface VideoPlayerProps {
  videoId: string;
  title: string;
  /** The home page's preview picture; otherwise the video's thumbnail, served by the site. */
  preview?: PictureModel;
  /** 'home': with consent, the preview and 'see video' first, then the player muted and autoplaying. */
  variant?: 'home';
  /**
   * Starts by itself, muted, this long after it is shown with video consent (the product zoom modal,
   * SPEC §4: 1000 ms); until then its thumbnail.
   */
  autoplayAfterMs?: number;
  labels: { blocked: string; accept: string; watch: string; see?: string };
}

/**
 * Every embedded video (SPEC §4 Video: home news video, video paragraph, product gallery): nothing
 * is loaded from the video platform before video consent. Until then the thumbnail (served by the
 * site, /media/video/{id}.jpg) under the blocked notice and its accept button, which grants the
 * consent manager's video category (so every video of the page follows). Then the privacy-enhanced
 * embed. Without JavaScript the thumbnail links to the video on the platform.
 *
 * The `video_play` analytics event goes when the player says it plays (its messages, video-events.ts),
 * once per player shown: not when it appears, which is not a play.
 */
export default function VideoPlayer({ videoId, title, preview, variant, autoplayAfterMs, labels }: VideoPlayerProps) {
  const hydrated = useHydrated();
  const [consent, accept] = useVideoConsent();
  const [started, setStarted] = useState(false);
  const [delayOver, setDelayOver] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const home = variant === 'home';
  const delayed = autoplayAfterMs !== undefined;
  const showPlayer = hydrated && consent && (home ? started : !delayed || delayOver);

  useEffect(() => {
    if (!delayed || !hydrated || !consent) return;
    const timer = window.setTimeout(() => setDelayOver(true), autoplayAfterMs);
    return () => window.clearTimeout(timer);
  }, [delayed, autoplayAfterMs, hydrated, consent]);

  useEffect(() => {
    const el = frame.current;
    if (!showPlayer || !el) return;
    let played = false;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== el.contentWindow || event.origin !== VIDEO_PLAYER_ORIGIN) return;
      if (played || !isPlayMessage(event.data)) return;
      played = true;
      track({ event: 'video_play', videoId });
    };
    const listen = () => {
      for (const message of listeningMessages(videoId)) el.contentWindow?.postMessage(message, VIDEO_PLAYER_ORIGIN);
    };
    window.addEventListener('message', onMessage);
    el.addEventListener('load', listen);
    return () => {
      window.removeEventListener('message', onMessage);
      el.removeEventListener('load', listen);
    };
  }, [showPlayer, videoId]);

  if (showPlayer)
    return (
      <div className={`video-player${home ? ' home-video__player' : ''}`}>
        <iframe
          ref={frame}
          className="video-frame"
          src={videoEmbedUrl(videoId, home || delayed, window.location.origin)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  const waiting = hydrated && consent && delayed;
  const seeFirst = hydrated && consent && home;
  return (
    <div
      className={`video-player${home ? ' home-video__preview' : ''}${seeFirst || waiting ? '' : ' video-player--blocked'}`}
      data-video={videoId}
      aria-busy={waiting || undefined}
    >
      {preview ? (
        <Picture picture={preview} className="video-player__thumbnail" />
      ) : (
        <span className="video-player__thumbnail">
          <img src={videoThumbnailUrl(videoId)} alt="" width={480} height={270} loading="lazy" decoding="async" />
        </span>
      )}
      {!waiting && (
        <div className={seeFirst ? 'home-video__see' : 'video-blocked'}>
          {!hydrated ? (
            <a className="button" href={videoWatchUrl(videoId)} rel="noopener noreferrer" target="_blank">
              {labels.watch}
            </a>
          ) : consent ? (
            <button type="button" className="button home-video__play" onClick={() => setStarted(true)}>
              {labels.see}
            </button>
          ) : (
            <>
              <p>{labels.blocked}</p>
              <button
                type="button"
                className="button"
                onClick={() => {
                  accept();
                  setStarted(true);
                }}
              >
                {labels.accept}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
