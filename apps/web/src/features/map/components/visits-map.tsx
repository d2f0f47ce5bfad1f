import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo } from 'react';
import {
  CircleMarker,
  MapContainer,
  Marker,
  Polyline,
  Popup,
  TileLayer,
  useMap,
} from 'react-leaflet';
import { Link } from 'react-router';
import type { MapResponse } from '@crewdesk/domain';
import { boundsPoints, hasPosition, visitTime, type LatLng } from '../lib/map-visits';

// Under Vite the default marker's images must be imported, or Leaflet guesses their path from
// its stylesheet and finds nothing (ARCHITECTURE: known gotchas).
delete (L.Icon.Default.prototype as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

const PRIMARY = '#0f766e';
const FALLBACK_CENTER: LatLng = [20, 0];

export interface VisitsMapProps {
  answer: MapResponse;
  /** The number on each visit's pin (time order, or the suggested order). */
  numbers: ReadonlyMap<string, number>;
  /** The suggested route's line, empty when there is none. */
  line: readonly LatLng[];
}

function visitIcon(id: string, n: number | undefined): L.DivIcon {
  return L.divIcon({
    className: '',
    html: `<span data-testid="visit-pin-${id}" style="display:flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:9999px 9999px 9999px 0;transform:rotate(-45deg);background:${PRIMARY};border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4)"><span style="transform:rotate(45deg);color:#fff;font:600 12px/1 system-ui,sans-serif">${n ?? ''}</span></span>`,
    iconSize: [28, 28],
    iconAnchor: [4, 28],
    popupAnchor: [10, -26],
  });
}

/** Shows every pin whenever the day, the member or the route changes. */
function FitToPins({ points }: { points: readonly LatLng[] }) {
  const map = useMap();
  const key = JSON.stringify(points);
  useEffect(() => {
    const all = JSON.parse(key) as LatLng[];
    if (all.length === 1) map.setView(all[0]!, 14);
    else if (all.length > 1) map.fitBounds(L.latLngBounds(all), { padding: [32, 32], maxZoom: 15 });
  }, [map, key]);
  return null;
}

/** The Leaflet map (loaded on the map page only): visits, customers, the start and the route. */
export default function VisitsMap({ answer, numbers, line }: VisitsMapProps) {
  const points = useMemo(() => [...boundsPoints(answer), ...line], [answer, line]);
  const visits = answer.visits.filter(hasPosition);
  return (
    <MapContainer
      center={points[0] ?? FALLBACK_CENTER}
      zoom={points.length > 0 ? 12 : 2}
      scrollWheelZoom
      className="h-full w-full bg-slate-100 dark:bg-slate-800"
    >
      {answer.tileUrl ? (
        <TileLayer url={answer.tileUrl} attribution={answer.tileAttribution ?? undefined} />
      ) : null}
      <FitToPins points={points} />
      {answer.customers.map((customer) => (
        <CircleMarker
          key={customer.id}
          center={[customer.latitude, customer.longitude]}
          radius={5}
          pathOptions={{ color: '#475569', weight: 1, fillColor: '#94a3b8', fillOpacity: 0.8 }}
        >
          <Popup>
            <strong>{customer.name}</strong>
            {customer.address ? <div>{customer.address}</div> : null}
          </Popup>
        </CircleMarker>
      ))}
      {answer.start ? (
        <Marker
          position={[answer.start.latitude, answer.start.longitude]}
          title={answer.start.label}
        >
          <Popup>
            <strong>Start</strong>
            <div>{answer.start.label}</div>
          </Popup>
        </Marker>
      ) : null}
      {line.length > 1 ? (
        <Polyline
          positions={line as LatLng[]}
          pathOptions={{ color: PRIMARY, weight: 4, opacity: 0.8 }}
        />
      ) : null}
      {visits.map((visit) => (
        <Marker
          key={visit.id}
          position={[visit.latitude, visit.longitude]}
          icon={visitIcon(visit.id, numbers.get(visit.id))}
          title={visit.title}
          alt={visit.title}
          zIndexOffset={1000}
        >
          <Popup>
            <div className="space-y-0.5">
              <div className="text-xs text-muted-foreground">{visitTime(visit)}</div>
              <strong className="block">{visit.title}</strong>
              {visit.customerName ? <div>{visit.customerName}</div> : null}
              <Link to={`/jobs/${visit.id}`} className="font-medium text-primary underline">
                Open visit
              </Link>
            </div>
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
