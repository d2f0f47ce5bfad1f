import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '@/test/utils';
import type { LocationMapInnerProps } from './location-map-inner';
import { LocationMap, NO_TILES_NOTE } from './location-map';

// Leaflet needs a real layout engine: the lazily loaded map is replaced by what it was given.
vi.mock('./location-map-inner', () => ({
  default: (props: LocationMapInnerProps) => <pre data-testid="inner">{JSON.stringify(props)}</pre>,
}));

const TILES = 'GET /api/map-tiles';

describe('LocationMap', () => {
  it('when the position is unknown, then nothing is drawn and no tiles are asked for', () => {
    const api = mockApi({});
    const { container } = renderRoute(
      <LocationMap latitude={null} longitude={-89.65} label="12 Main St" />,
    );
    expect(container).toBeEmptyDOMElement();
    expect(api.calls).toEqual([]);
  });

  it('when no tile server is configured, then the pin shows without tiles and the note says so', async () => {
    mockApi({ [TILES]: () => ({ status: 200, body: { tileUrl: null, tileAttribution: null } }) });
    renderRoute(<LocationMap latitude={39.8} longitude={-89.65} label="12 Main St" />);
    const inner = await screen.findByTestId('inner');
    expect(JSON.parse(inner.textContent ?? '')).toEqual({
      latitude: 39.8,
      longitude: -89.65,
      label: '12 Main St',
      tileUrl: null,
      tileAttribution: null,
    });
    expect(screen.getByTestId('location-map')).toContainElement(inner);
    expect(screen.getByText(NO_TILES_NOTE)).toBeInTheDocument();
  });

  it('when tiles are configured, then the map gets their URL and attribution and no note shows', async () => {
    mockApi({
      [TILES]: () => ({
        status: 200,
        body: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: '© Test' },
      }),
    });
    renderRoute(<LocationMap latitude={39.8} longitude={-89.65} label="12 Main St" />);
    const inner = await screen.findByTestId('inner');
    expect(JSON.parse(inner.textContent ?? '')).toMatchObject({
      tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
      tileAttribution: '© Test',
    });
    expect(screen.queryByText(NO_TILES_NOTE)).not.toBeInTheDocument();
  });
});
