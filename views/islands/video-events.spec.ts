import { isPlayMessage, listeningMessages } from './video-events';

describe('the embedded player messages', () => {
  it('"playing" is state 1, whichever of the two messages says it', () => {
    expect(isPlayMessage('{"event":"onStateChange","info":1}')).toBe(true);
    expect(isPlayMessage('{"event":"infoDelivery","info":{"playerState":1,"currentTime":0.2}}')).toBe(true);
    expect(isPlayMessage({ event: 'onStateChange', info: 1 })).toBe(true);
  });

  it('appearing, being ready, buffering, pausing or ending is not a play; nor is anything else', () => {
    for (const message of [
      '{"event":"onReady","info":null}',
      '{"event":"initialDelivery","info":{"playerState":-1}}',
      '{"event":"infoDelivery","info":{"playerState":-1}}',
      '{"event":"onStateChange","info":3}',
      '{"event":"onStateChange","info":2}',
      '{"event":"onStateChange","info":0}',
      '{"event":"onStateChange","info":"1"}',
      'not json',
      'null',
      42,
      null,
      `{"event":"onStateChange","info":1,"pad":"${'x'.repeat(100_001)}"}`,
    ])
      expect(isPlayMessage(message)).toBe(false);
  });

  it('the page tells the player it listens, and to what', () => {
    expect(listeningMessages('abc').map((m) => JSON.parse(m) as unknown)).toEqual([
      { event: 'listening', id: 'abc', channel: 'widget' },
      { event: 'command', func: 'addEventListener', args: ['onStateChange'], id: 'abc', channel: 'widget' },
    ]);
  });
});
