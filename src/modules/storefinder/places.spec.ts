import { localityCandidates, parsePlaceQuery } from './places';
import { plainLabel } from './street-geocoder';

describe('place queries', () => {
  it('reads a postcode, a name or the box\'s "1003 Lausanne"', () => {
    expect(parsePlaceQuery(' 1003 ')).toEqual({ postcode: '1003' });
    expect(parsePlaceQuery('1003  Lausanne')).toEqual({ postcode: '1003', name: 'Lausanne' });
    expect(parsePlaceQuery('Biel/Bienne')).toEqual({ name: 'Biel/Bienne' });
  });

  it.each([
    ['Bahnhofstrasse 1 8001 Zürich', { postcode: '8001', name: 'Zürich' }],
    ['Rue de Bourg 10, Lausanne', { name: 'Lausanne' }],
    ['Rue de Bourg 10, 1003 Lausanne', { postcode: '1003', name: 'Lausanne' }],
    ['Rue de Bourg 10 1003', { postcode: '1003' }],
    ['Seestrasse 5 Küsnacht', { name: 'Küsnacht' }],
    ['Lausanne, Rue de Bourg 10', { name: 'Lausanne' }],
    ['Avenue de la Gare 10a, 2000 Neuchâtel', { postcode: '2000', name: 'Neuchâtel' }],
  ])('finds the locality an address names first: %s', (text, first) => {
    expect(localityCandidates(text)[0]).toEqual(first);
  });

  it('falls back from "postcode name" to the postcode alone, and finds nothing in what is no address', () => {
    expect(localityCandidates('Bahnhofstrasse 1 8001 Zurigo')).toEqual([
      { postcode: '8001', name: 'Zurigo' },
      { postcode: '8001' },
      { name: 'Zurigo' },
    ]);
    expect(localityCandidates('Lausanne')).toEqual([]);
    expect(localityCandidates('1003')).toEqual([]);
    expect(localityCandidates('Rue de Bourg 10')).toEqual([]);
  });
});

describe(plainLabel.name, () => {
  it.each([
    ['Rue de Bourg 10 <b>1003 Lausanne</b>', 'Rue de Bourg 10, 1003 Lausanne'],
    ['<b>1003 - Lausanne</b>', '1003 Lausanne'],
    ['<b>Lausanne (VD)</b>', 'Lausanne (VD)'],
    ['Chemin d&#39;Entre-Bois 2 <b>1018 Lausanne</b>', "Chemin d'Entre-Bois 2, 1018 Lausanne"],
    ['<b>x</b><script>alert(1)</script>', 'xalert(1)'],
  ])('makes the service label %s plain text', (label, plain) => {
    expect(plainLabel(label)).toBe(plain);
  });
});
