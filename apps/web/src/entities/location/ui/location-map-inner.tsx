import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';

// Under Vite the default marker's images must be imported, or Leaflet guesses their path from
// its stylesheet and finds nothing (ARCHITECTURE: known gotchas).
delete (L.Icon.Default.prototype as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

export interface LocationMapInnerProps {
  latitude: number;
  longitude: number;
  /** The place's name, for the pin's tooltip and alt text. */
  label: string;
  tileUrl: string | null;
  tileAttribution: string | null;
}

/** The Leaflet map of one place (loaded on demand by LocationMap): one fixed pin. */
export default function LocationMapInner({
  latitude,
  longitude,
  label,
  tileUrl,
  tileAttribution,
}: LocationMapInnerProps) {
  const position: [number, number] = [latitude, longitude];
  return (
    <MapContainer
      // The map reads its center once: another place draws a new map.
      key={`${latitude},${longitude}`}
      center={position}
      zoom={14}
      scrollWheelZoom={false}
      // On a phone a finger on the small map scrolls the page rather than panning the map.
      dragging={!L.Browser.mobile}
      className="h-full w-full bg-slate-100 dark:bg-slate-800"
    >
      {tileUrl ? <TileLayer url={tileUrl} attribution={tileAttribution ?? undefined} /> : null}
      <Marker position={position} draggable={false} title={label} alt={label} />
    </MapContainer>
  );
}
