import { actions, createAppStore } from '../../client/store';
import { canSubmitSearch, parseHistory, resultsUrl, serializeHistory } from './search-history';

describe('search history', () => {
  it('keeps the 5 latest searches, newest first, without duplicates', () => {
    const sut = createAppStore();
    for (const text of ['magnésium', 'probiotiques', 'sommeil', 'immunité', 'vitamine D', 'zinc']) {
      sut.dispatch(actions.searched(text));
    }
    expect(sut.getState().search.history).toEqual(['zinc', 'vitamine D', 'immunité', 'sommeil', 'probiotiques']);

    sut.dispatch(actions.searched('  Sommeil '));
    expect(sut.getState().search.history).toEqual(['Sommeil', 'zinc', 'vitamine D', 'immunité', 'probiotiques']);
  });

  it('ignores empty searches', () => {
    const sut = createAppStore();
    sut.dispatch(actions.searched('   '));
    expect(sut.getState().search.history).toEqual([]);
  });

  it('reads back what it wrote', () => {
    const history = ['a b c', 'magnésium'];
    expect(parseHistory(serializeHistory(history))).toEqual(history);
  });

  it.each([
    [null, []],
    ['', []],
    ['not json', []],
    ['{"a":1}', []],
    ['[1, "", "  ", "zinc", null]', ['zinc']],
    ['["1","2","3","4","5","6","7"]', ['1', '2', '3', '4', '5']],
  ])('parses stored value %p safely', (raw, expected) => {
    expect(parseHistory(raw)).toEqual(expected);
  });

  it('allows a submit from 3 characters (spaces do not count)', () => {
    expect(canSubmitSearch('')).toBe(false);
    expect(canSubmitSearch(' ab ')).toBe(false);
    expect(canSubmitSearch('abc')).toBe(true);
    // Characters, not UTF-16 units: an emoji is one character (two units), as the API counts it.
    expect(canSubmitSearch('🌿a')).toBe(false);
    expect(canSubmitSearch(' 🌿🌿🌿 ')).toBe(true);
  });

  it('builds the results URL with the text in q', () => {
    expect(resultsUrl('/resultats', ' vitamine D & zinc ')).toBe('/resultats?q=vitamine%20D%20%26%20zinc');
  });
});
