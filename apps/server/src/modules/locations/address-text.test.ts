import { beforeAll, describe, expect, it } from 'vitest';
import { matchPlaces } from './address-text.ts';
import { loadGazetteer, type Gazetteer } from './gazetteer.ts';

function describeMatch(match: ReturnType<typeof matchPlaces>[number]): string {
  const where =
    match.kind === 'zip'
      ? `${match.zip.zip} ${match.zip.city} ${match.zip.state}`
      : `${match.city.city} ${match.city.state}`;
  return match.street ? `${match.street} | ${where}` : where;
}

describe('matchPlaces (offline gazetteer)', () => {
  let g: Gazetteer;
  beforeAll(async () => {
    g = await loadGazetteer();
  });

  it.each([
    ['New York', 'New York NY'],
    ['new york, ny', 'New York NY'],
    ['Kansas City, MO', 'Kansas City MO'],
    ['Kansas City, Missouri, USA', 'Kansas City MO'],
    ['Charleston, West Virginia', 'Charleston WV'],
    ['Ft Worth', 'Fort Worth TX'],
    ['Mt. Vernon, NY', 'Mount Vernon NY'],
    ['10001', '10001 New York NY'],
    ['62701-1234', '62701 Springfield IL'],
    ['500 W Madison St, Chicago, IL 60661', '500 W Madison St | 60661 Chicago IL'],
    ['500 W Madison St Chicago IL 60661', '500 W Madison St | 60661 Chicago IL'],
    ['500 W Madison St, Chicago IL', '500 W Madison St | Chicago IL'],
    ['500 W Madison St Chicago IL', '500 W Madison St | Chicago IL'],
    ['1 Infinite Loop, Cupertino, CA 95014, United States', '1 Infinite Loop | 95014 Cupertino CA'],
  ])('when "%s" is typed, then the first place is %s', (text, expected) => {
    const [first] = matchPlaces(g, text, 5);
    expect(first && describeMatch(first)).toBe(expected);
  });

  it.each([['Los Al'], ['Washington'], ['Virginia']])(
    'when "%s" could be a state or begin a city, then cities of that name come',
    (text) => {
      const found = matchPlaces(g, text, 5);
      expect(found.length).toBeGreaterThan(0);
      for (const m of found) {
        expect(m.kind === 'city' && m.city.city.toUpperCase().startsWith(text.toUpperCase())).toBe(
          true,
        );
      }
    },
  );

  it.each([[''], ['   '], ['7 Secret Lane'], ['12 Oak St Spri'], ['00000'], ['Qqqqq, ZZ']])(
    'when "%s" is typed, then nothing matches',
    (text) => {
      expect(matchPlaces(g, text, 5)).toEqual([]);
    },
  );
});
