import { useState } from 'react';
import type { Picture as PictureModel } from '../../contracts/catalogue';
import { Picture } from '../components/Picture';
import { useHydrated } from './browser-hooks';
import { useVideoConsent } from './video-consent';

export interface HomeVideoProps {
  videoId: string;
  title: string;
  preview: PictureModel;
  labels: { blocked: string; accept: string; see: string; watch: string };
}

/**
 * The home page's news video (SPEC §4 "Video"): nothing is loaded from the video platform before
 * consent. Without consent, the blocked notice with its accept button (accepting plays the video);
 * with consent, the preview picture with 'see video', then the player, muted and autoplaying.
 * Without JavaScript the preview links to the video on the platform.
 */
export default function HomeVideo({ videoId, title, preview, labels }: HomeVideoProps) {
  const hydrated = useHydrated();
  const [consent, accept] = useVideoConsent();
  const [playing, setPlaying] = useState(false);
  const id = encodeURIComponent(videoId);
  if (hydrated && consent && playing)
    return (
      <div className="video-player home-video__player">
        <iframe
          className="video-frame"
          src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&mute=1&rel=0`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  return (
    <div className={`video-player home-video__preview${hydrated && !consent ? ' video-player--blocked' : ''}`}>
      <Picture picture={preview} className="video-player__thumbnail" />
      <div className={hydrated && consent ? 'home-video__see' : 'video-blocked'}>
        {!hydrated ? (
          <a
            className="button"
            href={`https://www.youtube.com/watch?v=${id}`}
            rel="noopener noreferrer"
            target="_blank"
          >
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
