import { useEffect, useId, useRef } from 'react';
import type { MapSettings, PanLabels } from '../../contracts/storefinder';
import { useHydrated } from './browser-hooks';

export interface StoreLocationMapProps {
  name: string;
  latitude: number;
  longitude: number;
  map: MapSettings;
  labels: { title: string; region: string } & PanLabels;
}

/**
 * The small map of a pharmacy's page: its marker on a Leaflet map. Leaflet is loaded by this island
 * once it runs, so it reaches only pages with a map; without JavaScript the section is left out (the
 * address and the directions link say where the pharmacy is).
 */
export default function StoreLocationMap({ name, latitude, longitude, map, labels }: StoreLocationMapProps) {
  const hydrated = useHydrated();
  const element = useRef<HTMLDivElement>(null);
  const titleId = `${useId()}title`;

  useEffect(() => {
    if (!hydrated || !element.current) return;
    const target = element.current;
    let cancelled = false;
    let shown: { destroy(): void } | null = null;
    void import('./place-map').then(({ createPlaceMap }) => {
      if (!cancelled) shown = createPlaceMap(target, { name, latitude, longitude }, map, labels);
    });
    return () => {
      cancelled = true;
      shown?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the map is created once
  }, [hydrated]);

  if (!hydrated) return null;
  return (
    <section className="store-page__map" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {labels.title}
      </h2>
      <div
        ref={element}
        className="store-page__map-canvas"
        role="region"
        aria-label={labels.region}
        data-testid="store-location-map"
      />
    </section>
  );
}
