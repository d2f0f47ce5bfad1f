import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index.ts';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';

interface Suggestion {
  id: string;
  name: string;
  placeFormatted: string;
}

describe('location search, offline provider (no key, no network)', () => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signedInUser(t.app, { role: 'team_member', accountName: 'Places Co' });
  });
  afterAll(() => t.close());

  async function suggest(q: string): Promise<Suggestion[]> {
    const res = await asUser(t.app, user, {
      method: 'GET',
      url: `/api/locations/suggest?q=${encodeURIComponent(q)}&sessionToken=${crypto.randomUUID()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { suggestions: Suggestion[] }).suggestions;
  }

  async function retrieve(id: string) {
    return asUser(t.app, user, {
      method: 'GET',
      url: `/api/locations/retrieve/${encodeURIComponent(id)}?sessionToken=${crypto.randomUUID()}`,
    });
  }

  it('when a ZIP is typed, then its town is suggested and retrieving it gives the ZIP centre as a point', async () => {
    const suggestions = await suggest('62701');

    expect(suggestions).toEqual([
      {
        id: 'zip:62701',
        name: '62701',
        placeFormatted: 'Springfield, Illinois, United States',
      },
    ]);
    const res = await retrieve('zip:62701');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lng: -89.6495,
      lat: 39.8,
      bbox: null,
      address: '',
      city: 'Springfield',
      state: 'Illinois',
      zip: '62701',
      formatted: 'Springfield, Illinois 62701, United States',
    });
  });

  it('when a city name is typed alone, then at most 5 towns of that name come, exact names first', async () => {
    const suggestions = await suggest('springfield');

    expect(suggestions).toHaveLength(5);
    for (const s of suggestions) expect(s.name).toBe('Springfield');
    expect(new Set(suggestions.map((s) => s.placeFormatted)).size).toBe(5);
  });

  it('when a city is typed with its state, then that town comes first and retrieving it gives its extent', async () => {
    for (const text of ['Springfield, IL', 'springfield il', 'Springfield, Illinois']) {
      const [first] = await suggest(text);
      expect(first, text).toEqual({
        id: 'city:IL:Springfield',
        name: 'Springfield',
        placeFormatted: 'Illinois, United States',
      });
    }

    const res = await retrieve('city:IL:Springfield');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      address: '',
      city: 'Springfield',
      state: 'Illinois',
      formatted: 'Springfield, Illinois, United States',
    });
    const [minLng, minLat, maxLng, maxLat] = body.bbox as number[];
    expect(minLng).toBeLessThan(body.lng);
    expect(maxLng).toBeGreaterThan(body.lng);
    expect(minLat).toBeLessThan(body.lat);
    expect(maxLat).toBeGreaterThan(body.lat);
    expect(body.lat).toBeCloseTo(39.8, 0);
  });

  it('when a street address with city, state and ZIP is typed, then it is suggested as one place with every part filled', async () => {
    const [first, ...others] = await suggest('123 Main St, Springfield IL 62701');

    expect(others).toEqual([]);
    expect(first).toMatchObject({
      name: '123 Main St',
      placeFormatted: 'Springfield, Illinois 62701, United States',
    });
    const res = await retrieve(first?.id ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lng: -89.6495,
      lat: 39.8,
      bbox: null,
      address: '123 Main St',
      city: 'Springfield',
      state: 'Illinois',
      zip: '62701',
      formatted: '123 Main St, Springfield, Illinois 62701, United States',
    });
  });

  it('when a street is typed with a ZIP only, or with a city and state but no ZIP, then the gazetteer fills the rest', async () => {
    const [withZip] = await suggest('1600 Pennsylvania Ave NW 20500');
    expect(withZip).toMatchObject({
      name: '1600 Pennsylvania Ave NW',
      placeFormatted: 'Washington, District of Columbia 20500, United States',
    });

    const [noZip] = await suggest('742 Evergreen Terrace Boulder CO');
    expect(noZip).toMatchObject({ name: '742 Evergreen Terrace' });
    expect(noZip?.placeFormatted).toMatch(/^Boulder, Colorado/);
    const res = await retrieve(noZip?.id ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      address: '742 Evergreen Terrace',
      city: 'Boulder',
      state: 'Colorado',
      bbox: null,
    });
    expect(res.json().lat).toBeCloseTo(40, 0);
  });

  it('when part of a ZIP or of a city is typed, then places completing it come', async () => {
    const zips = await suggest('6270');
    expect(zips.length).toBeGreaterThan(0);
    for (const s of zips) expect(s.name).toMatch(/^6270\d$/);

    const cities = await suggest('St. Lou');
    expect(cities.map((s) => `${s.name}, ${s.placeFormatted}`)).toContain(
      'Saint Louis, Missouri, United States',
    );
  });

  it('when the text names no known place, then nothing is suggested', async () => {
    expect(await suggest('Xyzzyquux')).toEqual([]);
    expect(await suggest('99999')).toEqual([]);
    expect(await suggest('12 Nowhere Rd, Notatownville')).toEqual([]);
  });

  it("when the text matches addresses of the business's contacts, then those come first, once each, and only its own", async () => {
    const other = await signedInUser(t.app, { accountName: 'Other Places' });
    const [kept, , , archived] = await t.app.db
      .insert(customers)
      .values([
        {
          accountId: user.accountId,
          firstName: 'Pat',
          lastName: 'Sherman',
          address: '42 Wallaby Way',
          city: 'Sydney',
          state: 'Ohio',
          zip: '45365',
          latitude: 40.28,
          longitude: -84.15,
        },
        // The same place on a second contact, without coordinates: suggested once.
        {
          accountId: user.accountId,
          firstName: 'Dory',
          lastName: 'Blue',
          address: '42 wallaby way',
          city: 'Sydney',
          zip: '45365',
        },
        {
          accountId: other.accountId,
          firstName: 'Not',
          lastName: 'Ours',
          address: '42 Wallaby Walk',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        },
        {
          accountId: user.accountId,
          firstName: 'Gone',
          lastName: 'Away',
          address: '42 Wallaby Court',
          zip: '62701',
          archivedAt: new Date(),
        },
      ])
      .returning({ id: customers.id });

    const suggestions = await suggest('42 wallaby');

    expect(suggestions).toEqual([
      { id: `known:${kept?.id}`, name: '42 Wallaby Way', placeFormatted: 'Sydney, Ohio 45365' },
    ]);
    const res = await retrieve(`known:${kept?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lng: -84.15,
      lat: 40.28,
      bbox: null,
      address: '42 Wallaby Way',
      city: 'Sydney',
      state: 'Ohio',
      zip: '45365',
      formatted: '42 Wallaby Way, Sydney, Ohio 45365',
    });
    expect((await retrieve(`known:${archived?.id}`)).statusCode).toBe(404);

    // Another business's contact: neither suggested to this user nor readable by id.
    const [theirs] = await t.app.db
      .insert(customers)
      .values({
        accountId: other.accountId,
        firstName: 'Their',
        lastName: 'Contact',
        address: '7 Secret Lane',
        zip: '62701',
      })
      .returning({ id: customers.id });
    expect(await suggest('7 Secret Lane')).toEqual([]);
    expect((await retrieve(`known:${theirs?.id}`)).statusCode).toBe(404);

    // A typed street with a ZIP still comes after the known places.
    const mixed = await suggest('42 Wallaby Way, 45365');
    expect(mixed.map((s) => s.id.split(':')[0])).toEqual(['known', 'addr']);
  });

  it('when the text is empty or blank, then the answer is an empty list, not an error', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('   ')).toEqual([]);
  });

  it('when an id names no place, then 404; when the text is too long, then 400', async () => {
    for (const id of ['zip:99999', 'city:IL:Atlantis', 'addr:not-json', 'whatever']) {
      const res = await retrieve(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const res = await asUser(t.app, user, {
      method: 'GET',
      url: `/api/locations/suggest?q=${'a'.repeat(300)}`,
    });
    expect(res.statusCode).toBe(400);
  });

  it('when nobody is signed in, then both endpoints answer 401', async () => {
    for (const url of ['/api/locations/suggest?q=62701', '/api/locations/retrieve/zip:62701']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
