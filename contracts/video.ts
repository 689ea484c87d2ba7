/**
 * Video URLs shared by the server (the thumbnail route, structured data) and the views (SPEC §4
 * Video): the thumbnail is served by the site, the player is the platform's privacy-enhanced embed.
 */
export const VIDEO_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

export function videoThumbnailUrl(videoId: string): string {
  return `/media/video/${encodeURIComponent(videoId)}.jpg`;
}

/** The player of a video (the privacy-enhanced embed), as structured data names it. */
export function videoPlayerUrl(videoId: string): string {
  return `${VIDEO_PLAYER_ORIGIN}/embed/${encodeURIComponent(videoId)}`;
}

/**
 * The embed the page shows: `autoplay` starts it muted (browsers refuse sound without a click);
 * `origin` (the page's) turns on the player's messages, which tell when the visitor plays it.
 */
export function videoEmbedUrl(videoId: string, autoplay: boolean, origin?: string): string {
  const query = new URLSearchParams({ rel: '0' });
  if (autoplay) {
    query.set('autoplay', '1');
    query.set('mute', '1');
  }
  if (origin) {
    query.set('enablejsapi', '1');
    query.set('origin', origin);
  }
  return `${videoPlayerUrl(videoId)}?${query.toString()}`;
}

export function videoWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}
