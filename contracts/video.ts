/**
 * Video URLs shared by the server (the thumbnail route) and the views (SPEC §4 Video): the thumbnail
 * is served by the site, the player is the platform's privacy-enhanced embed.
 */
export function videoThumbnailUrl(videoId: string): string {
  return `/media/video/${encodeURIComponent(videoId)}.jpg`;
}

/** The player of a video (the privacy-enhanced embed), as structured data names it. */
export function videoPlayerUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
}

export function videoEmbedUrl(videoId: string, autoplay: boolean): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?rel=0${autoplay ? '&autoplay=1&mute=1' : ''}`;
}

export function videoWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}
