import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { mapTilesQueryOptions } from '../api/location-api';

// Leaflet is big: it loads with the first map drawn, never with the app (ARCHITECTURE).
const LocationMapInner = lazy(() => import('./location-map-inner'));

export const NO_TILES_NOTE = 'Map tiles are not available; the pin is shown without a base map.';

export interface LocationMapProps {
  latitude: number | null;
  longitude: number | null;
  /** The place's name (an address): the pin's tooltip. */
  label: string;
  className?: string;
}

function Placeholder({ text }: { text?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex h-full w-full items-center justify-center bg-muted text-sm text-muted-foreground"
    >
      {text ?? 'Loading map...'}
    </div>
  );
}

/** A small map with one pin at a known position; nothing at all when the position is unknown. */
export function LocationMap({ latitude, longitude, label, className }: LocationMapProps) {
  const known = latitude !== null && longitude !== null;
  const tiles = useQuery({ ...mapTilesQueryOptions(), enabled: known });
  if (!known) return null;
  // Without the tile settings the pin still shows, on a blank map.
  const tileUrl = tiles.data?.tileUrl ?? null;
  const waiting = tiles.isPending;
  return (
    <div className={className}>
      <div
        data-testid="location-map"
        className="relative isolate h-48 w-full overflow-hidden rounded-md border"
      >
        {waiting ? (
          <Placeholder />
        ) : (
          <Suspense fallback={<Placeholder />}>
            <LocationMapInner
              latitude={latitude}
              longitude={longitude}
              label={label}
              tileUrl={tileUrl}
              tileAttribution={tiles.data?.tileAttribution ?? null}
            />
          </Suspense>
        )}
      </div>
      {!waiting && !tileUrl ? (
        <p className="mt-1.5 text-xs text-muted-foreground">{NO_TILES_NOTE}</p>
      ) : null}
    </div>
  );
}
