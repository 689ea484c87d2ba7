/**
 * The embedded player's messages (the platform's iframe protocol, the one its own player API script
 * speaks, without loading that script): the page says it listens, the player then posts its state
 * changes to the page. State 1 is "playing": the visitor (or the zoom modal's autoplay) started it.
 */
const PLAYING = 1;

/** What the page posts to the player once it has loaded, so that the player reports its state. */
export function listeningMessages(id: string): string[] {
  return [
    JSON.stringify({ event: 'listening', id, channel: 'widget' }),
    JSON.stringify({ event: 'command', func: 'addEventListener', args: ['onStateChange'], id, channel: 'widget' }),
  ];
}

/** Whether a message of the player says it is playing (`onStateChange` 1, or `infoDelivery` with playerState 1). */
export function isPlayMessage(data: unknown): boolean {
  let message: unknown = data;
  if (typeof data === 'string') {
    if (data.length > 100_000) return false;
    try {
      message = JSON.parse(data);
    } catch {
      return false;
    }
  }
  if (typeof message !== 'object' || message === null) return false;
  const { event, info } = message as { event?: unknown; info?: unknown };
  if (event === 'onStateChange') return info === PLAYING;
  if (event === 'infoDelivery' && typeof info === 'object' && info !== null)
    return (info as { playerState?: unknown }).playerState === PLAYING;
  return false;
}
