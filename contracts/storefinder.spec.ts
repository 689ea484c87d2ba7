import { boundsPoints, formatDistance, toStoreView, type StoreRecord, type StoreView } from './storefinder';

const record = (id: number, distance: number | null): StoreRecord => ({
  id,
  name: `Pharmacie ${id}`,
  address_1: 'Rue de la Gare 1',
  address_2: '',
  address_3: '',
  zipcode: '1003',
  city: 'Lausanne',
  phone: '+41 21 123 45 67',
  latitude: 46.5 + id / 100,
  longitude: 6.6,
  distance,
  is_insudiet: false,
  stocks: false,
  slug: `pharmacie-${id}`,
  url: `/trouver-une-pharmacie/pharmacie-${id}`,
});
const place = { label: '1003 Lausanne', latitude: 46.52, longitude: 6.63 };
const views = (km: number[]): StoreView[] => km.map((d, i) => toStoreView(record(i + 1, d), 'fr'));

describe('store finder rules (SPEC §4, §9)', () => {
  it('fits the position and up to 3 nearest stores within 20 km', () => {
    expect(boundsPoints(place, views([0.4, 1.2, 3, 4, 5]))).toHaveLength(4);
    expect(boundsPoints(place, views([0.4, 19.99, 20.01, 25]))).toHaveLength(3);
    expect(boundsPoints(place, views([20, 30]))).toHaveLength(2);
    // Stores beyond 20 are ignored: only the position is left.
    expect(boundsPoints(place, views([21, 30, 45]))).toEqual([[46.52, 6.63]]);
  });

  it('writes the distance in km with 2 decimals in the locale’s format', () => {
    expect(formatDistance(1.234, 'fr')).toBe('1,23');
    expect(formatDistance(0.4, 'de')).toBe('0.40');
    expect(formatDistance(12, 'fr')).toBe('12,00');
  });

  it('shows the address lines that are not empty, the phone as a tel: link and a directions link', () => {
    const view = toStoreView({ ...record(1, 2.5), address_2: 'Centre commercial' }, 'fr');
    expect(view.lines).toEqual(['Rue de la Gare 1', 'Centre commercial', '1003 Lausanne']);
    expect(view.phoneHref).toBe('tel:+41211234567');
    expect(view.directionsHref).toBe('https://www.google.com/maps/dir/?api=1&destination=46.51%2C6.6');
    expect(view.distanceText).toBe('2,50');
    expect(toStoreView({ ...record(1, null), phone: '' }, 'de')).toMatchObject({ phoneHref: '', distanceText: '' });
  });
});
