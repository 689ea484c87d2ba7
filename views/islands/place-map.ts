import L from 'leaflet';
import { MARKER_ZOOM, type MapSettings, type PanLabels } from '../../contracts/storefinder';
import { createBaseMap } from './leaflet-base';

/** A small map of one place (a pharmacy's page): its marker at the marker zoom (SPEC §4). Browser only. */
export function createPlaceMap(
  element: HTMLElement,
  place: { name: string; latitude: number; longitude: number },
  settings: MapSettings,
  labels: PanLabels,
): { destroy(): void } {
  const map = createBaseMap(element, settings, labels);
  map.setView([place.latitude, place.longitude], MARKER_ZOOM);
  L.marker([place.latitude, place.longitude], {
    icon: L.divIcon({ className: 'map-place', iconSize: [24, 24] }),
    title: place.name,
    keyboard: false,
  }).addTo(map);
  return { destroy: () => map.remove() };
}
