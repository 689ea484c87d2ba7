import L from 'leaflet';
import {
  areaTiles,
  boundsPoints,
  MAP_MAX_ZOOM,
  MARKER_ZOOM,
  tileOf,
  type PositionItem,
  type MapSettings,
  type PanLabels,
  type PlaceView,
  type StoreView,
} from '../../contracts/storefinder';
import { createBaseMap, escapeHtml } from './leaflet-base';

/**
 * The store finder's map (browser only, loaded by the StoreFinder island once it runs, so Leaflet
 * reaches only pages with a map): every pharmacy as a marker, clustered per cell by the server for
 * each tile the view shows (/api/v1/store-positions: bounded whatever the number of pharmacies), the
 * searched stores as numbered markers above them, the visitor's position. Markers are divIcons (no
 * image files), reachable with the keyboard (Leaflet gives them tabindex and role button).
 */
export interface StoreMapController {
  /** A new search: its stores as numbered markers; `fit` fits the map to SPEC §4's bounds. */
  show(place: PlaceView, stores: StoreView[], fit: boolean): void;
  /** Centres a searched store at the marker zoom (SPEC §4) and marks it. */
  select(storeId: number): void;
  destroy(): void;
}

interface Options {
  settings: MapSettings;
  labels: { position: string; storeCount: string } & PanLabels;
  onSelect(storeId: number): void;
  /** A pharmacy of the clusters that is not in the list was chosen: search around it. */
  onPick(latitude: number, longitude: number): void;
}

/** Leaflet's keyboard-focusable markers open their popup on Enter, but fire no click: do as a click would. */
function onActivate(marker: L.Marker, action: () => void): L.Marker {
  marker.on('click', action);
  marker.on('keypress', (event) => {
    const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
    if (key === 'Enter' || key === ' ') action();
  });
  return marker;
}

export function createStoreMap(element: HTMLElement, options: Options): StoreMapController {
  const map = createBaseMap(element, options.settings, options.labels);

  const clusterLayer = L.layerGroup().addTo(map);
  const resultLayer = L.layerGroup().addTo(map);
  const resultMarkers = new Map<number, L.Marker>();
  let shownIds = new Set<number>();
  /** The pharmacies of each tile loaded so far (`z/x/y`), clustered by the server. */
  const tiles = new Map<string, Promise<PositionItem[]>>();
  let drawing = 0;

  const loadTile = (key: string) => {
    let items = tiles.get(key);
    if (!items) {
      const [z, x, y] = key.split('/');
      items = fetch(`/api/v1/store-positions?z=${z}&x=${x}&y=${y}`, { headers: { Accept: 'application/json' } })
        .then((res) => (res.ok ? (res.json() as Promise<{ data: { items: PositionItem[] } }>) : null))
        .then((body) => body?.data.items ?? [])
        .catch(() => {
          tiles.delete(key); // tried again at the next move; the list and the searched stores still work
          return [];
        });
      tiles.set(key, items);
    }
    return items;
  };

  /** The tiles the view shows, within the map's area. */
  const visibleTiles = (z: number) => {
    const b = map.getBounds();
    const area = areaTiles(z);
    const nw = tileOf(Math.min(b.getNorth(), 85), b.getWest(), z);
    const se = tileOf(Math.max(b.getSouth(), -85), b.getEast(), z);
    const keys: string[] = [];
    for (let x = Math.max(nw.x, area.x0); x <= Math.min(se.x, area.x1); x++)
      for (let y = Math.max(nw.y, area.y0); y <= Math.min(se.y, area.y1); y++) keys.push(`${z}/${x}/${y}`);
    return keys;
  };

  const drawClusters = async () => {
    const seq = ++drawing;
    const z = Math.min(Math.round(map.getZoom()), MAP_MAX_ZOOM);
    const items = (await Promise.all(visibleTiles(z).map(loadTile))).flat();
    if (seq !== drawing) return;
    clusterLayer.clearLayers();
    for (const [lat, lng, count, id] of items) {
      if (count > 1) {
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({ className: 'map-cluster', html: `<span>${count}</span>`, iconSize: [36, 36] }),
          title: `${count}`,
          alt: `${count}`,
          keyboard: true,
        });
        onActivate(marker, () => map.setView([lat, lng], Math.min(z + 2, MAP_MAX_ZOOM)));
        clusterLayer.addLayer(marker);
      } else if (!shownIds.has(id)) {
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({ className: 'map-store', iconSize: [16, 16] }),
          keyboard: true,
          title: options.labels.storeCount,
        });
        onActivate(marker, () => options.onPick(lat, lng));
        clusterLayer.addLayer(marker);
      }
    }
    element.dataset.clusters = String(items.filter((item) => item[2] > 1).length);
  };
  map.on('moveend', () => void drawClusters());
  void drawClusters();

  const controller: StoreMapController = {
    show(place, stores, fit) {
      resultLayer.clearLayers();
      resultMarkers.clear();
      shownIds = new Set(stores.map((s) => s.id));
      L.marker([place.latitude, place.longitude], {
        icon: L.divIcon({ className: 'map-position', iconSize: [18, 18] }),
        title: options.labels.position,
        keyboard: false,
        zIndexOffset: 1000,
      }).addTo(resultLayer);
      stores.forEach((store, i) => {
        const marker = L.marker([store.latitude, store.longitude], {
          icon: L.divIcon({
            className: `map-result${store.insudiet ? ' map-result--insudiet' : ''}`,
            html: `<span>${i + 1}</span>`,
            iconSize: [30, 30],
          }),
          title: store.name,
          alt: store.name,
          keyboard: true,
          zIndexOffset: 500,
        });
        marker.bindPopup(`<strong>${escapeHtml(store.name)}</strong><br>${store.lines.map(escapeHtml).join('<br>')}`);
        onActivate(marker, () => options.onSelect(store.id));
        marker.addTo(resultLayer);
        resultMarkers.set(store.id, marker);
      });
      if (fit) {
        // SPEC §4: the position and up to 3 nearest stores within 20 km; farther ones are ignored.
        const points = boundsPoints(place, stores);
        element.dataset.fit = points.map((p) => p.join(',')).join(';');
        if (points.length === 1) map.setView(points[0], 13);
        else map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: MARKER_ZOOM });
      }
      void drawClusters();
    },
    select(storeId) {
      const marker = resultMarkers.get(storeId);
      if (!marker) return;
      for (const [id, m] of resultMarkers) m.getElement()?.classList.toggle('is-selected', id === storeId);
      map.setView(marker.getLatLng(), MARKER_ZOOM);
      marker.openPopup();
      element.dataset.selected = String(storeId);
    },
    destroy() {
      map.remove();
    },
  };
  return controller;
}
