import { loadingEventFor, nextLoadingPhase, type LoadingEvent, type LoadingPhase } from './loading-bar';

const run = (events: LoadingEvent[], from: LoadingPhase = 'hidden') => events.reduce(nextLoadingPhase, from);

describe('loading bar phases', () => {
  it('waits for the 200 ms throttle before showing', () => {
    expect(run(['start'])).toBe('waiting');
    expect(run(['start', 'throttleElapsed'])).toBe('running');
  });

  it('never shows for a navigation faster than the throttle', () => {
    expect(run(['start', 'done'])).toBe('hidden');
    expect(run(['start', 'done', 'throttleElapsed'])).toBe('hidden');
  });

  it('completes, then hides after the delay', () => {
    expect(run(['start', 'throttleElapsed', 'done'])).toBe('finishing');
    expect(run(['start', 'throttleElapsed', 'done', 'hideElapsed'])).toBe('hidden');
  });

  it('marks a failure, even a fast one, then hides', () => {
    expect(run(['start', 'fail'])).toBe('failed');
    expect(run(['start', 'throttleElapsed', 'fail'])).toBe('failed');
    expect(run(['start', 'fail', 'hideElapsed'])).toBe('hidden');
  });

  it('keeps running when a new navigation starts while finishing', () => {
    expect(run(['start', 'throttleElapsed', 'done', 'start'])).toBe('running');
    expect(run(['start', 'fail', 'start'])).toBe('waiting');
  });

  it('ignores a failure when nothing is loading', () => {
    expect(run(['fail'])).toBe('hidden');
  });

  it('maps the store state to events', () => {
    expect(loadingEventFor('idle')).toBeNull();
    expect(loadingEventFor('loading')).toBe('start');
    expect(loadingEventFor('done')).toBe('done');
    expect(loadingEventFor('failed')).toBe('fail');
  });
});
