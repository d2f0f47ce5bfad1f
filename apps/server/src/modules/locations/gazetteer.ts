import type { ZipCode } from 'zipcodes';

/** A US city or town of the ZIP table: every ZIP that names it, their centre and extent. */
export interface GazetteerCity {
  city: string;
  /** Two-letter code, as the ZIP table has it. */
  state: string;
  zips: string[];
  lat: number;
  lng: number;
  bbox: [number, number, number, number];
}

export interface GazetteerZip {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
}

// A city of one ZIP has a single point; pad its extent so a map shows the town around it.
const CITY_PADDING_DEGREES = 0.03;

function titleCase(upper: string): string {
  return upper
    .toLowerCase()
    .split(' ')
    .map((w, i) =>
      i > 0 && ['of', 'and'].includes(w) ? w : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join(' ');
}

function cityKey(state: string, city: string): string {
  return `${state}|${city.toUpperCase()}`;
}

/**
 * The offline provider's world: the `zipcodes` package's US ZIP table (ZIP → city, state and
 * centre), indexed by city. About 42,000 ZIPs in 30,000 cities; loaded once, on first use.
 */
export class Gazetteer {
  private readonly zips = new Map<string, GazetteerZip>();
  private readonly cities = new Map<string, GazetteerCity>();
  /** Cities ordered by name, for prefix search. */
  private readonly cityList: GazetteerCity[];
  private readonly stateNames = new Map<string, string>();
  private readonly stateCodes = new Map<string, string>();

  constructor(codes: Record<string, ZipCode>, statesByName: Record<string, string>) {
    for (const [name, code] of Object.entries(statesByName)) {
      this.stateNames.set(code, titleCase(name));
      this.stateCodes.set(name, code);
    }
    const groups = new Map<string, GazetteerZip[]>();
    for (const code of Object.values(codes)) {
      if (code.country !== 'US' || !/^\d{5}$/.test(code.zip)) continue;
      const entry: GazetteerZip = {
        zip: code.zip,
        city: code.city,
        state: code.state,
        lat: code.latitude,
        lng: code.longitude,
      };
      this.zips.set(entry.zip, entry);
      const key = cityKey(entry.state, entry.city);
      const group = groups.get(key);
      if (group) group.push(entry);
      else groups.set(key, [entry]);
    }
    for (const [key, group] of groups) {
      const first = group[0];
      if (!first) continue;
      const lats = group.map((z) => z.lat);
      const lngs = group.map((z) => z.lng);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      this.cities.set(key, {
        city: first.city,
        state: first.state,
        zips: group.map((z) => z.zip).sort(),
        lat: round(sum(lats) / group.length),
        lng: round(sum(lngs) / group.length),
        bbox: [
          round(Math.min(...lngs) - CITY_PADDING_DEGREES),
          round(Math.min(...lats) - CITY_PADDING_DEGREES),
          round(Math.max(...lngs) + CITY_PADDING_DEGREES),
          round(Math.max(...lats) + CITY_PADDING_DEGREES),
        ],
      });
    }
    this.cityList = [...this.cities.values()].sort((a, b) => a.city.localeCompare(b.city));
  }

  zip(zip: string): GazetteerZip | undefined {
    return this.zips.get(zip);
  }

  /** ZIPs starting with `prefix`, lowest first. */
  zipsStartingWith(prefix: string, limit: number): GazetteerZip[] {
    const found: GazetteerZip[] = [];
    for (const [zip, entry] of this.zips) if (zip.startsWith(prefix)) found.push(entry);
    return found.sort((a, b) => a.zip.localeCompare(b.zip)).slice(0, limit);
  }

  city(state: string, city: string): GazetteerCity | undefined {
    return this.cities.get(cityKey(state, city));
  }

  /**
   * Cities whose name is `name` or starts with it (case-insensitive), in `state` when given:
   * exact names first, then the bigger (more ZIPs) first.
   */
  searchCities(name: string, state: string | undefined, limit: number): GazetteerCity[] {
    // The table spells out 'Saint Louis', 'Fort Worth', 'Mount Vernon'.
    const wanted = name
      .trim()
      .toUpperCase()
      .replace(/^ST\.? /, 'SAINT ')
      .replace(/^FT\.? /, 'FORT ')
      .replace(/^MT\.? /, 'MOUNT ');
    if (wanted === '') return [];
    const found = this.cityList.filter(
      (c) => (state === undefined || c.state === state) && c.city.toUpperCase().startsWith(wanted),
    );
    const exact = (c: GazetteerCity) => (c.city.toUpperCase() === wanted ? 0 : 1);
    return found
      .sort((a, b) => exact(a) - exact(b) || b.zips.length - a.zips.length)
      .slice(0, limit);
  }

  /** 'IL', 'il', 'Illinois' → 'IL'; anything else → undefined. */
  stateCode(text: string): string | undefined {
    const upper = text.trim().toUpperCase();
    if (this.stateNames.has(upper)) return upper;
    return this.stateCodes.get(upper);
  }

  /** 'IL' → 'Illinois'; a code without a name (a military post) stays a code. */
  stateName(code: string): string {
    return this.stateNames.get(code) ?? code;
  }

  /** Full state names, longest first (so 'West Virginia' wins over 'Virginia'). */
  fullStateNames(): string[] {
    return [...this.stateCodes.keys()].sort((a, b) => b.length - a.length);
  }
}

function round(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

let loading: Promise<Gazetteer> | undefined;

/** The shared gazetteer; the 5 MB table is parsed on the first search, not at start. */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= import('zipcodes').then(({ default: zipcodes }) => {
    const usCodes = new Set(
      Object.values(zipcodes.codes)
        .filter((c) => c.country === 'US')
        .map((c) => c.state),
    );
    // The package also names Canadian provinces; this gazetteer is US only.
    const usStates = Object.fromEntries(
      Object.entries(zipcodes.states.full).filter(([, code]) => usCodes.has(code)),
    );
    return new Gazetteer(zipcodes.codes, usStates);
  });
  return loading;
}
