import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import {
  MAP_AREA,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  SWITZERLAND_BOUNDS,
  type MapSettings,
  type PanLabels,
} from '../../contracts/storefinder';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
export { escapeHtml };

/**
 * A Leaflet map as every map of the site has it (browser only, loaded by the islands that show a
 * map): over Switzerland and its margin (MAP_AREA, whose tiles the site serves from /media/tiles),
 * no scroll-wheel zoom (the page scrolls), the zoom buttons and four pan buttons, so that moving the
 * map never needs a drag; arrow keys pan it too once it has the focus (Leaflet's keyboard handler).
 */
export function createBaseMap(element: HTMLElement, settings: MapSettings, labels: PanLabels): L.Map {
  const map = L.map(element, {
    zoomControl: true,
    scrollWheelZoom: false,
    minZoom: MAP_MIN_ZOOM,
    maxZoom: MAP_MAX_ZOOM,
    maxBounds: MAP_AREA,
    maxBoundsViscosity: 1,
  });
  map.fitBounds(SWITZERLAND_BOUNDS);
  // Tiles come from the site (/media/tiles/…), which fetches and caches them: no tile host is contacted.
  L.tileLayer(settings.tileUrl, {
    minZoom: MAP_MIN_ZOOM,
    maxZoom: MAP_MAX_ZOOM,
    // On a sharp screen (phones: 2 to 3 device pixels per CSS pixel), tiles of the next zoom level at
    // half size: 256 px tiles stretched to 256 CSS px were blurred (Lighthouse: image-size-responsive).
    detectRetina: true,
    attribution: `<a href="${escapeHtml(settings.attributionUrl)}" rel="noopener noreferrer">${escapeHtml(settings.attribution)}</a>`,
  }).addTo(map);
  map.attributionControl.setPrefix(false);
  panControl(labels).addTo(map);
  // What the map shows, on its element (`south,west,north,east,zoom`): for tests and support.
  const describe = () => {
    const b = map.getBounds();
    element.dataset.view = [b.getSouth(), b.getWest(), b.getNorth(), b.getEast()]
      .map((n) => n.toFixed(4))
      .concat(String(map.getZoom()))
      .join(',');
  };
  map.on('moveend zoomend', describe);
  describe();
  return map;
}

const PAN: Array<{ key: keyof Omit<PanLabels, 'pan'>; arrow: string; dx: number; dy: number }> = [
  { key: 'north', arrow: '↑', dx: 0, dy: -1 },
  { key: 'west', arrow: '←', dx: -1, dy: 0 },
  { key: 'east', arrow: '→', dx: 1, dy: 0 },
  { key: 'south', arrow: '↓', dx: 0, dy: 1 },
];

/** Four buttons that move the map by a third of its size (a click, a tap or Enter: no drag). */
function panControl(labels: PanLabels): L.Control {
  const Pan = L.Control.extend({
    onAdd(map: L.Map) {
      const group = L.DomUtil.create('div', 'map-pan');
      group.setAttribute('role', 'group');
      group.setAttribute('aria-label', labels.pan);
      for (const { key, arrow, dx, dy } of PAN) {
        const button = L.DomUtil.create('button', `map-pan__button map-pan__button--${key}`, group);
        button.type = 'button';
        button.textContent = arrow;
        button.title = labels[key];
        button.setAttribute('aria-label', labels[key]);
        button.dataset.pan = key;
        L.DomEvent.on(button, 'click', (event) => {
          L.DomEvent.stop(event);
          const size = map.getSize();
          map.panBy([Math.round((dx * size.x) / 3), Math.round((dy * size.y) / 3)]);
        });
      }
      L.DomEvent.disableClickPropagation(group);
      return group;
    },
  });
  return new Pan({ position: 'topleft' });
}
