/**
 * The store finder's view models (SPEC §2.2 "Store finder", §3 "Store / point of sale"), shared by the
 * server, the finder's pages and its island. Pure TypeScript: imports nothing.
 */

/** One pharmacy as the finder's list, map and page show it. */
export interface StoreView {
  id: number;
  name: string;
  /** Address lines (address_1 to address_3 that are not empty, then "zipcode city"). */
  lines: string[];
  phone: string;
  /** `tel:` link of the phone number (digits and a leading +), empty when there is no number. */
  phoneHref: string;
  latitude: number;
  longitude: number;
  /** Kilometres from the searched place (null on the pharmacy's own page). */
  distance: number | null;
  /** The distance as shown: km with 2 decimals in the page's locale (SPEC §9). */
  distanceText: string;
  insudiet: boolean;
  /** Stocks the product the finder was opened with. */
  stocks: boolean;
  /** The pharmacy's page. */
  href: string;
  /** An external maps directions page to it. */
  directionsHref: string;
}

/** A Swiss place to search from (a locality of the official directory, or the visitor's position). */
export interface PlaceView {
  /** "1003 Lausanne": what the search box shows. */
  label: string;
  latitude: number;
  longitude: number;
}

/** The texts of a map's pan buttons (WCAG 2.2 "dragging movements": each drag has a single-pointer twin). */
export interface PanLabels {
  pan: string;
  north: string;
  south: string;
  west: string;
  east: string;
}

/** What the finder's map needs from the configuration. */
export interface MapSettings {
  tileUrl: string;
  attribution: string;
  attributionUrl: string;
}

/** SPEC §4: the map's initial bounds cover Switzerland ([south, west], [north, east]). */
export const SWITZERLAND_BOUNDS: [[number, number], [number, number]] = [
  [45.818, 5.956],
  [47.808, 10.492],
];
/** SPEC §4: a store shown on its own is shown at zoom 15. */
export const MARKER_ZOOM = 15;
/** SPEC §4, §9: the new search's bounds take up to 3 nearest stores within 20 km. */
export const BOUNDS_STORES = 3;
export const BOUNDS_RADIUS_KM = 20;

/**
 * The points a new search fits the map to (SPEC §4): the visitor's position and up to 3 of the
 * nearest stores, those beyond 20 km ignored. Stores come sorted by distance.
 */
export function boundsPoints(place: PlaceView, stores: StoreView[]): Array<[number, number]> {
  return [
    [place.latitude, place.longitude] as [number, number],
    ...stores
      .filter((s) => s.distance !== null && s.distance <= BOUNDS_RADIUS_KM)
      .slice(0, BOUNDS_STORES)
      .map((s) => [s.latitude, s.longitude] as [number, number]),
  ];
}

/** The distance in km with 2 decimals in a locale's format ("1,25" in fr-CH, "1.25" in de-CH). */
export function formatDistance(km: number, locale: string): string {
  return new Intl.NumberFormat(`${locale}-CH`, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(km);
}

/** A point of sale as the API answers it (SPEC §3, §7): the entity's fields, `distance` in km. */
export interface StoreRecord {
  id: number;
  name: string;
  address_1: string;
  address_2: string;
  address_3: string;
  zipcode: string;
  city: string;
  phone: string;
  latitude: number;
  longitude: number;
  /** Kilometres from the searched point, 2 decimals; null when no point was searched. */
  distance: number | null;
  is_insudiet: boolean;
  /** Whether it stocks the product of the search (false without one). */
  stocks: boolean;
  slug: string;
  /** Its page on this site. */
  url: string;
}

/** A directions page of an external maps service, to a point. */
export function directionsUrl(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude}%2C${longitude}`;
}

/** What the list, the map and the page show of a point of sale (server and island alike). */
export function toStoreView(s: StoreRecord, locale: string): StoreView {
  const digits = s.phone.replace(/[^0-9+]/g, '');
  return {
    id: s.id,
    name: s.name,
    lines: [s.address_1, s.address_2, s.address_3, `${s.zipcode} ${s.city}`].filter((l) => l.trim() !== ''),
    phone: s.phone,
    phoneHref: digits ? `tel:${digits}` : '',
    latitude: s.latitude,
    longitude: s.longitude,
    distance: s.distance,
    distanceText: s.distance === null ? '' : formatDistance(s.distance, locale),
    insudiet: s.is_insudiet,
    stocks: s.stocks,
    href: s.url,
    directionsHref: directionsUrl(s.latitude, s.longitude),
  };
}

/**
 * The area the map may show and whose tiles the site fetches ([south, west], [north, east]):
 * Switzerland and a margin of its neighbours, so the map is never a free tile proxy for the world.
 */
export const MAP_AREA: [[number, number], [number, number]] = [
  [44.5, 3.5],
  [49.5, 13],
];
/** Zoom levels of the map (Leaflet's; tiles answer only these). */
export const MAP_MIN_ZOOM = 6;
export const MAP_MAX_ZOOM = 18;
/** The site's own tile path: the browser fetches tiles here, never from a tile host (Leaflet template). */
export const MAP_TILE_PATH = '/media/tiles/{z}/{x}/{y}.png';

/** The Web Mercator tile z/x/y as a latitude/longitude box (the tile grid of the map and its tiles). */
export function tileBox(z: number, x: number, y: number): { south: number; west: number; north: number; east: number } {
  const n = 2 ** z;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return { west: (x / n) * 360 - 180, east: ((x + 1) / n) * 360 - 180, north: lat(y), south: lat(y + 1) };
}

/** The tile of zoom z that holds a point. */
export function tileOf(latitude: number, longitude: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const r = (latitude * Math.PI) / 180;
  return {
    x: Math.floor(((longitude + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  };
}

/** The tiles of zoom z that touch the map's area (MAP_AREA): the only ones with tiles and pharmacies. */
export function areaTiles(z: number): { x0: number; x1: number; y0: number; y1: number } {
  const [[south, west], [north, east]] = MAP_AREA;
  const a = tileOf(north, west, z);
  const b = tileOf(south, east, z);
  return { x0: a.x, x1: b.x, y0: a.y, y1: b.y };
}

/**
 * The map's pharmacies per tile (`GET /api/v1/store-positions?z=&x=&y=`): grouped in a grid of
 * CLUSTER_CELLS × CLUSTER_CELLS cells per tile (64 px) up to zoom UNCLUSTERED_ZOOM - 1, one by one from it.
 * An item is [latitude, longitude, count, id]: id is the pharmacy's when count is 1, else 0.
 */
export const CLUSTER_CELLS = 4;
export const UNCLUSTERED_ZOOM = 16;
export type PositionItem = [latitude: number, longitude: number, count: number, id: number];
