import type { Picture as PictureModel } from '../../contracts/catalogue';
import { Picture } from '../components/Picture';
import { useHydrated } from './browser-hooks';
import { useVideoConsent } from './video-consent';

export interface VideoPlayerProps {
  videoId: string;
  title: string;
  thumbnail: PictureModel;
  labels: { blocked: string; accept: string; watch: string };
}

/**
 * An embedded video (SPEC §4 Video): nothing is loaded from the video platform before consent. Until
 * then the thumbnail (served by the site) and the blocked notice with its accept button; accepting
 * records the consent (shared with the product gallery) and shows the player. Without JavaScript the
 * thumbnail links to the video on the platform.
 */
export default function VideoPlayer({ videoId, title, thumbnail, labels }: VideoPlayerProps) {
  const hydrated = useHydrated();
  const [consent, accept] = useVideoConsent();
  const watch = `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
  if (hydrated && consent)
    return (
      <div className="video-player">
        <iframe
          className="video-frame"
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?rel=0`}
          title={title}
          allow="encrypted-media; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      </div>
    );
  return (
    <div className="video-player video-player--blocked">
      <Picture picture={thumbnail} className="video-player__thumbnail" />
      <div className="video-blocked">
        <p>{labels.blocked}</p>
        {hydrated ? (
          <button type="button" className="button" onClick={accept}>
            {labels.accept}
          </button>
        ) : (
          <a className="button" href={watch} rel="noopener noreferrer" target="_blank">
            {labels.watch}
          </a>
        )}
      </div>
    </div>
  );
}
