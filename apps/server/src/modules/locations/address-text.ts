import type { Gazetteer, GazetteerCity, GazetteerZip } from './gazetteer.ts';

/** What typed address text names, as far as the gazetteer can tell. */
export type PlaceMatch =
  | { kind: 'zip'; zip: GazetteerZip; street: string }
  | { kind: 'city'; city: GazetteerCity; street: string };

/** Words that end a street name; a city named so ('Lane', 'Way') cannot follow a bare street. */
const STREET_TYPES = new Set([
  ...['STREET', 'AVENUE', 'AVE', 'AV', 'ROAD', 'RD', 'LANE', 'LN', 'DRIVE', 'DR', 'WAY', 'COURT'],
  ...['CT', 'BOULEVARD', 'BLVD', 'PLACE', 'PL', 'CIRCLE', 'CIR', 'TERRACE', 'TER', 'PARKWAY'],
  ...['PKWY', 'HIGHWAY', 'HWY', 'TRAIL', 'TRL', 'ALLEY', 'ROW', 'SQUARE', 'SQ', 'PLAZA', 'LOOP'],
  ...['NW', 'NE', 'SW', 'SE', 'N', 'S', 'E', 'W', 'APT', 'SUITE', 'STE', 'UNIT'],
]);

const COUNTRY_SUFFIX = /[\s,]+(usa|us|u\.s\.a?\.?|united states( of america)?)$/i;
const TRAILING_SEPARATORS = /[\s,]+$/;

export function normalizeText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(COUNTRY_SUFFIX, '')
    .replace(TRAILING_SEPARATORS, '');
}

function cut(text: string, at: number): string {
  return text.slice(0, at).replace(TRAILING_SEPARATORS, '');
}

/** '… 62701' or '… 62701-1234' at the end. */
function splitZip(text: string): { before: string; zip?: string } {
  const match = /(?:^|[\s,])(\d{5})(?:-\d{4})?$/.exec(text);
  if (!match?.[1]) return { before: text };
  return { before: cut(text, match.index), zip: match[1] };
}

/** 'Springfield, IL', 'Springfield il', 'Springfield, Illinois' → the state's code and the rest. */
function splitState(g: Gazetteer, text: string): { before: string; state?: string } {
  const upper = text.toUpperCase();
  for (const name of g.fullStateNames()) {
    if (upper === name) return { before: '', state: g.stateCode(name) };
    if (upper.endsWith(` ${name}`) || upper.endsWith(`,${name}`)) {
      return { before: cut(text, text.length - name.length), state: g.stateCode(name) };
    }
  }
  const code = /(?:^|[\s,])([A-Za-z]{2})$/.exec(text);
  const state = code?.[1] ? g.stateCode(code[1]) : undefined;
  if (code && state) return { before: cut(text, code.index), state };
  return { before: text };
}

/**
 * Ways to read '<street>, <city>' or '<street> <city>': with commas the last part is the city;
 * without, text starting with a house number ends with a city of one to four words (longest
 * first); anything else is a city name being typed.
 */
function streetAndCity(text: string): { street: string; cityText: string }[] {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts.at(-1);
  if (last === undefined) return [];
  if (parts.length >= 2) return [{ street: parts.slice(0, -1).join(', '), cityText: last }];
  const words = last.split(' ');
  if (!/^\d/.test(last)) return [{ street: '', cityText: last }];
  const splits: { street: string; cityText: string }[] = [];
  for (let k = Math.min(4, words.length - 1); k >= 1; k -= 1) {
    const cityWords = words.slice(-k);
    // '7 Secret Lane' is a street, not '7 Secret' in Lane, Kansas.
    if (STREET_TYPES.has(cityWords[0]?.toUpperCase().replace(/\.$/, '') ?? '')) continue;
    splits.push({ street: words.slice(0, -k).join(' '), cityText: cityWords.join(' ') });
  }
  return splits;
}

function sameName(gazetteerName: string, typed: string): boolean {
  const a = gazetteerName.toUpperCase();
  const b = typed
    .toUpperCase()
    .replace(/^ST\.? /, 'SAINT ')
    .replace(/^FT\.? /, 'FORT ')
    .replace(/^MT\.? /, 'MOUNT ');
  return a === b;
}

function matchWithZip(g: Gazetteer, before: string, zipCode: string): PlaceMatch[] {
  const zip = g.zip(zipCode);
  if (!zip) return [];
  // The ZIP decides city and state: drop what the user typed for them.
  let rest = splitState(g, before).before;
  const parts = rest
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length >= 2) rest = parts.slice(0, -1).join(', ');
  else if (rest.toUpperCase().endsWith(zip.city.toUpperCase())) {
    rest = cut(rest, rest.length - zip.city.length);
  }
  return [{ kind: 'zip', zip, street: rest.trim() }];
}

function matchCities(
  g: Gazetteer,
  text: string,
  state: string | undefined,
  limit: number,
): PlaceMatch[] {
  for (const { street, cityText } of streetAndCity(text)) {
    // A street needs a whole city name after it; a lone name may still be being typed.
    const cities = street
      ? g.searchCities(cityText, state, limit).filter((c) => sameName(c.city, cityText))
      : g.searchCities(cityText, state, limit);
    if (cities.length > 0) return cities.map((city) => ({ kind: 'city', city, street }));
  }
  // Without commas, a street typed with only a partial city ('12 Oak St Spri'): nothing yet.
  return [];
}

/**
 * Reads "ZIP", "city", "city, ST", "city State", "street, city ST ZIP", "street city ST" and the
 * like against the gazetteer. A bare 3–4 digit prefix lists ZIPs as they are typed.
 */
export function matchPlaces(g: Gazetteer, input: string, limit: number): PlaceMatch[] {
  const text = normalizeText(input);
  if (text === '') return [];
  if (/^\d{3,4}$/.test(text)) {
    return g.zipsStartingWith(text, limit).map((zip) => ({ kind: 'zip', zip, street: '' }));
  }
  const { before, zip } = splitZip(text);
  if (zip) return matchWithZip(g, before, zip);
  const withState = splitState(g, text);
  if (withState.state && withState.before !== '') {
    const found = matchCities(g, withState.before, withState.state, limit);
    if (found.length > 0) return found;
  }
  // 'New York', 'Washington', 'Los Al…': a state's name or code may also begin a city's.
  return matchCities(g, text, undefined, limit);
}
