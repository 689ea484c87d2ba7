import { useEffect, useState } from 'react';
import type { Picture as PictureModel } from '../../contracts/catalogue';
import { videoEmbedUrl, videoThumbnailUrl, videoWatchUrl } from '../../contracts/video';
import { Picture } from '../components/Picture';
import { track } from './analytics';
import { useHydrated } from './browser-hooks';
import { useVideoConsent } from './video-consent';

export interface VideoPlayerProps {
  videoId: string;
  title: string;
  /** The home page's preview picture; otherwise the video's thumbnail, served by the site. */
  preview?: PictureModel;
  /** 'home': with consent, the preview and 'see video' first, then the player muted and autoplaying. */
  variant?: 'home';
  /** Starts muted at once (the product zoom modal, SPEC §4: 1000 ms after it opens). */
  autoplay?: boolean;
  labels: { blocked: string; accept: string; watch: string; see?: string };
}

/**
 * Every embedded video (SPEC §4 Video: home news video, video paragraph, product gallery): nothing
 * is loaded from the video platform before video consent. Until then the thumbnail (served by the
 * site, /media/video/{id}.jpg) under the blocked notice and its accept button, which grants the
 * consent manager's video category (so every video of the page follows). Then the privacy-enhanced
 * embed. Without JavaScript the thumbnail links to the video on the platform.
 */
export default function VideoPlayer({ videoId, title, preview, variant, autoplay = false, labels }: VideoPlayerProps) {
  const hydrated = useHydrated();
  const [consent, accept] = useVideoConsent();
  const [playing, setPlaying] = useState(false);
  const home = variant === 'home';
  const showPlayer = hydrated && consent && (!home || playing);
  useEffect(() => {
    if (showPlayer) track({ event: 'video_play', videoId });
  }, [showPlayer, videoId]);

  if (showPlayer)
    return (
      <div className={`video-player${home ? ' home-video__player' : ''}`}>
        <iframe
          className="video-frame"
          src={videoEmbedUrl(videoId, home || autoplay)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  const seeFirst = hydrated && consent;
  return (
    <div
      className={`video-player${home ? ' home-video__preview' : ''}${seeFirst ? '' : ' video-player--blocked'}`}
      data-video={videoId}
    >
      {preview ? (
        <Picture picture={preview} className="video-player__thumbnail" />
      ) : (
        <span className="video-player__thumbnail">
          <img src={videoThumbnailUrl(videoId)} alt="" width={480} height={270} loading="lazy" decoding="async" />
        </span>
      )}
      <div className={seeFirst ? 'home-video__see' : 'video-blocked'}>
        {!hydrated ? (
          <a className="button" href={videoWatchUrl(videoId)} rel="noopener noreferrer" target="_blank">
            {labels.watch}
          </a>
        ) : consent ? (
          <button type="button" className="button home-video__play" onClick={() => setPlaying(true)}>
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
                setPlaying(true);
              }}
            >
              {labels.accept}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
