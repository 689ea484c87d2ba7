import L from 'leaflet';
import Supercluster from 'supercluster';
import 'leaflet/dist/leaflet.css';
import {
  boundsPoints,
  MARKER_ZOOM,
  SWITZERLAND_BOUNDS,
  type MapSettings,
  type PlaceView,
  type StoreView,
} from '../../contracts/storefinder';

/**
 * The store finder's map (browser only, loaded by the StoreFinder island once it runs, so Leaflet
 * and Supercluster reach only pages with a map): every pharmacy as a clustered marker, the searched
 * stores as numbered markers above them, the visitor's position. Markers are divIcons (no image
 * files), reachable with the keyboard (Leaflet gives them tabindex and role button).
 */
export interface StoreMapController {
  /** A new search: its stores as numbered markers; `fit` fits the map to SPEC §4's bounds. */
  show(place: PlaceView, stores: StoreView[], fit: boolean): void;
  /** Centres a searched store at the marker zoom (SPEC §4) and marks it. */
  select(storeId: number): void;
  /** Every pharmacy's position ([id, latitude, longitude]), clustered when dense. */
  setPositions(items: Array<[number, number, number]>): void;
  destroy(): void;
}

interface Options {
  settings: MapSettings;
  labels: { position: string; storeCount: string };
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

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function createStoreMap(element: HTMLElement, options: Options): StoreMapController {
  const map = L.map(element, { zoomControl: true, scrollWheelZoom: false });
  map.fitBounds(SWITZERLAND_BOUNDS);
  L.tileLayer(options.settings.tileUrl, {
    maxZoom: 19,
    // On a sharp screen (phones: 2 to 3 device pixels per CSS pixel), tiles of the next zoom level at
    // half size: 256 px tiles stretched to 256 CSS px were blurred (Lighthouse: image-size-responsive).
    detectRetina: true,
    attribution: `<a href="${escapeHtml(options.settings.attributionUrl)}" rel="noopener noreferrer">${escapeHtml(options.settings.attribution)}</a>`,
  }).addTo(map);
  map.attributionControl.setPrefix(false);

  const clusterLayer = L.layerGroup().addTo(map);
  const resultLayer = L.layerGroup().addTo(map);
  const index = new Supercluster<{ id: number }>({ radius: 60, maxZoom: 16 });
  let loaded = false;
  const resultMarkers = new Map<number, L.Marker>();
  let shownIds = new Set<number>();

  const drawClusters = () => {
    clusterLayer.clearLayers();
    if (!loaded) return;
    const b = map.getBounds();
    const clusters = index.getClusters(
      [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
      Math.round(map.getZoom()),
    );
    for (const c of clusters) {
      const [lng, lat] = c.geometry.coordinates;
      const props = c.properties as { cluster?: boolean; point_count?: number; cluster_id?: number; id?: number };
      if (props.cluster) {
        const count = props.point_count ?? 0;
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({
            className: 'map-cluster',
            html: `<span>${count}</span>`,
            iconSize: [36, 36],
          }),
          title: `${count}`,
          alt: `${count}`,
          keyboard: true,
        });
        onActivate(marker, () =>
          map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(props.cluster_id!), 18)),
        );
        clusterLayer.addLayer(marker);
      } else if (props.id !== undefined && !shownIds.has(props.id)) {
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({ className: 'map-store', iconSize: [16, 16] }),
          keyboard: true,
          title: options.labels.storeCount,
        });
        onActivate(marker, () => options.onPick(lat, lng));
        clusterLayer.addLayer(marker);
      }
    }
  };
  map.on('moveend', drawClusters);

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
      drawClusters();
    },
    select(storeId) {
      const marker = resultMarkers.get(storeId);
      if (!marker) return;
      for (const [id, m] of resultMarkers) m.getElement()?.classList.toggle('is-selected', id === storeId);
      map.setView(marker.getLatLng(), MARKER_ZOOM);
      marker.openPopup();
      element.dataset.selected = String(storeId);
    },
    setPositions(items) {
      index.load(
        items.map(([id, latitude, longitude]) => ({
          type: 'Feature' as const,
          properties: { id },
          geometry: { type: 'Point' as const, coordinates: [longitude, latitude] },
        })),
      );
      loaded = true;
      drawClusters();
    },
    destroy() {
      map.remove();
    },
  };
  return controller;
}
