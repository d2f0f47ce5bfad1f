import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestApp,
  signedInUser,
  type SignedInUser,
  type TestApp,
} from '../../../test/build-app.ts';
import { startHttpStub, type HttpStub } from '../../../test/http-stub.ts';

const SESSION = '0b6f7e52-8d8e-4d1a-9c52-3f1b2a7e9c10';

// Recorded shapes of the suggest/retrieve service (Search Box API), trimmed.
const SEARCHBOX_SUGGEST = {
  suggestions: [
    {
      name: '123 Main Street',
      mapbox_id: 'dXJuOm1ieGFkcjo1',
      feature_type: 'address',
      address: '123 Main Street',
      full_address: '123 Main Street, Springfield, Illinois 62701, United States',
      place_formatted: 'Springfield, Illinois 62701, United States',
      context: { place: { name: 'Springfield' }, region: { name: 'Illinois' } },
      language: 'en',
    },
    { name: 'A brand without an id', place_formatted: 'Somewhere' },
    {
      name: 'Springfield',
      mapbox_id: 'dXJuOm1ieHBsYzpDSWlv',
      feature_type: 'place',
      place_formatted: 'Illinois, United States',
    },
  ],
  attribution: '© 2024 Mapbox and its suppliers.',
};

const SEARCHBOX_RETRIEVE_ADDRESS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-89.65148, 39.80172] },
      properties: {
        name: '123 Main Street',
        mapbox_id: 'dXJuOm1ieGFkcjo1',
        feature_type: 'address',
        address: '123 Main Street',
        full_address: '123 Main Street, Springfield, Illinois 62701, United States',
        place_formatted: 'Springfield, Illinois 62701, United States',
        context: {
          country: { name: 'United States', country_code: 'US' },
          region: { name: 'Illinois', region_code: 'IL' },
          postcode: { name: '62701' },
          place: { name: 'Springfield' },
          address: { name: '123 Main Street', address_number: '123', street_name: 'Main Street' },
          street: { name: 'Main Street' },
        },
        coordinates: { latitude: 39.80172, longitude: -89.65148 },
      },
    },
  ],
};

const SEARCHBOX_RETRIEVE_CITY = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-89.6501, 39.7817] },
      properties: {
        name: 'Springfield',
        feature_type: 'place',
        place_formatted: 'Illinois, United States',
        bbox: [-89.773, 39.662, -89.557, 39.876],
        context: { region: { name: 'Illinois' }, country: { name: 'United States' } },
      },
    },
  ],
};

// Recorded shapes of Nominatim's /search and /lookup with format=jsonv2&addressdetails=1.
const NOMINATIM_HOUSE = {
  place_id: 308459151,
  licence: 'Data © OpenStreetMap contributors, ODbL 1.0.',
  osm_type: 'way',
  osm_id: 466270731,
  lat: '39.8017214',
  lon: '-89.6514837',
  category: 'building',
  type: 'yes',
  place_rank: 30,
  addresstype: 'building',
  name: '',
  display_name:
    '123, South Main Street, Springfield, Sangamon County, Illinois, 62701, United States',
  address: {
    house_number: '123',
    road: 'South Main Street',
    city: 'Springfield',
    county: 'Sangamon County',
    state: 'Illinois',
    'ISO3166-2-lvl4': 'US-IL',
    postcode: '62701',
    country: 'United States',
    country_code: 'us',
  },
  boundingbox: ['39.8016714', '39.8017714', '-89.6515337', '-89.6514337'],
};

const NOMINATIM_CITY = {
  place_id: 297513046,
  osm_type: 'relation',
  osm_id: 123693,
  lat: '39.7990175',
  lon: '-89.6439575',
  addresstype: 'city',
  name: 'Springfield',
  display_name: 'Springfield, Sangamon County, Illinois, United States',
  address: {
    city: 'Springfield',
    county: 'Sangamon County',
    state: 'Illinois',
    country: 'United States',
    country_code: 'us',
  },
  boundingbox: ['39.6732784', '39.8775022', '-89.7743531', '-89.5735618'],
};

interface Suggestion {
  id: string;
  name: string;
  placeFormatted: string;
}

describe('location search through the suggest/retrieve service (LOCATION_ACCESS_TOKEN)', () => {
  let stub: HttpStub;
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    stub = await startHttpStub();
    t = await createTestApp({
      locationAccessToken: 'pk.test-token',
      locationApiUrl: `${stub.url}/search/searchbox/v1`,
      nominatimUrl: 'http://127.0.0.1:9',
    });
    user = await signedInUser(t.app, { role: 'sales_person' });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });
  beforeEach(() => {
    stub.requests.length = 0;
    stub.routes.clear();
  });

  it('when text is typed, then the service is asked as spec section 7 says and suggestions without an id are dropped', async () => {
    stub.routes.set('/search/searchbox/v1/suggest', () => ({ body: SEARCHBOX_SUGGEST }));

    const res = await asUser(t.app, user, {
      method: 'GET',
      url: `/api/locations/suggest?q=${encodeURIComponent('123 Main')}&sessionToken=${SESSION}`,
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      suggestions: [
        {
          id: 'dXJuOm1ieGFkcjo1',
          name: '123 Main Street',
          placeFormatted: 'Springfield, Illinois 62701, United States',
        },
        {
          id: 'dXJuOm1ieHBsYzpDSWlv',
          name: 'Springfield',
          placeFormatted: 'Illinois, United States',
        },
      ] satisfies Suggestion[],
    });
    expect(stub.requests).toHaveLength(1);
    const query = Object.fromEntries(stub.requests[0]?.query ?? []);
    expect(query).toEqual({
      q: '123 Main',
      language: 'en',
      limit: '5',
      types: 'country,region,district,locality,place,neighborhood,address,poi',
      session_token: SESSION,
      access_token: 'pk.test-token',
    });
  });

  it('when a suggestion is retrieved, then coordinates and the context names fill the answer', async () => {
    stub.routes.set('/search/searchbox/v1/retrieve/dXJuOm1ieGFkcjo1', () => ({
      body: SEARCHBOX_RETRIEVE_ADDRESS,
    }));
    stub.routes.set('/search/searchbox/v1/retrieve/city-id', () => ({
      body: SEARCHBOX_RETRIEVE_CITY,
    }));

    const address = await asUser(t.app, user, {
      method: 'GET',
      url: `/api/locations/retrieve/dXJuOm1ieGFkcjo1?sessionToken=${SESSION}`,
    });
    const city = await asUser(t.app, user, {
      method: 'GET',
      url: `/api/locations/retrieve/city-id?sessionToken=${SESSION}`,
    });

    expect(address.statusCode, address.body).toBe(200);
    expect(address.json()).toEqual({
      lng: -89.65148,
      lat: 39.80172,
      bbox: null,
      address: '123 Main Street',
      city: 'Springfield',
      state: 'Illinois',
      zip: '62701',
      formatted: '123 Main Street, Springfield, Illinois 62701, United States',
    });
    expect(city.json()).toEqual({
      lng: -89.6501,
      lat: 39.7817,
      bbox: [-89.773, 39.662, -89.557, 39.876],
      address: '',
      city: '',
      state: 'Illinois',
      zip: '',
      formatted: 'Springfield, Illinois, United States',
    });
    expect(Object.fromEntries(stub.requests[0]?.query ?? [])).toEqual({
      session_token: SESSION,
      access_token: 'pk.test-token',
    });
  });

  it('when the service fails or answers nonsense, then 502 with a clear message; an unknown id is 404', async () => {
    stub.routes.set('/search/searchbox/v1/suggest', () => ({
      status: 401,
      body: { message: 'Not Authorized - Invalid Token' },
    }));
    const failed = await asUser(t.app, user, {
      method: 'GET',
      url: '/api/locations/suggest?q=main',
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      code: 'BAD_GATEWAY',
      message:
        'The location service (suggest/retrieve service) could not answer: it answered HTTP 401.',
    });

    stub.routes.set('/search/searchbox/v1/suggest', () => ({ body: '<html>oops</html>' }));
    const nonsense = await asUser(t.app, user, {
      method: 'GET',
      url: '/api/locations/suggest?q=main',
    });
    expect(nonsense.statusCode).toBe(502);

    const unknown = await asUser(t.app, user, {
      method: 'GET',
      url: '/api/locations/retrieve/no-such-place',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('location search through a Nominatim server (NOMINATIM_URL)', () => {
  let stub: HttpStub;
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    stub = await startHttpStub();
    t = await createTestApp({ nominatimUrl: stub.url });
    user = await signedInUser(t.app, { role: 'estimate-free' });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });
  beforeEach(() => {
    stub.requests.length = 0;
    stub.routes.clear();
  });

  it('when text is typed, then /search is asked for 5 English places with address details, naming the app', async () => {
    stub.routes.set('/search', () => ({ body: [NOMINATIM_HOUSE, NOMINATIM_CITY] }));

    const res = await asUser(t.app, user, {
      method: 'GET',
      url: `/api/locations/suggest?q=${encodeURIComponent('123 Main Springfield')}&sessionToken=${SESSION}`,
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      suggestions: [
        {
          id: 'W466270731',
          name: '123 South Main Street',
          placeFormatted: 'Springfield, Illinois 62701, United States',
        },
        {
          id: 'R123693',
          name: 'Springfield',
          placeFormatted: 'Illinois, United States',
        },
      ] satisfies Suggestion[],
    });
    const [request] = stub.requests;
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      q: '123 Main Springfield',
      limit: '5',
      format: 'jsonv2',
      addressdetails: '1',
      'accept-language': 'en',
    });
    expect(request?.headers['user-agent']).toMatch(/^Crewdesk/);
  });

  it('when a suggestion is retrieved, then /lookup gives it; a house is a point, a city has its extent', async () => {
    stub.routes.set('/lookup', (request) => ({
      body: request.query.get('osm_ids') === 'W466270731' ? [NOMINATIM_HOUSE] : [NOMINATIM_CITY],
    }));

    const house = await asUser(t.app, user, {
      method: 'GET',
      url: '/api/locations/retrieve/W466270731',
    });
    const city = await asUser(t.app, user, {
      method: 'GET',
      url: '/api/locations/retrieve/R123693',
    });

    expect(house.statusCode, house.body).toBe(200);
    expect(house.json()).toEqual({
      lng: -89.6514837,
      lat: 39.8017214,
      bbox: null,
      address: '123 South Main Street',
      city: 'Springfield',
      state: 'Illinois',
      zip: '62701',
      formatted:
        '123, South Main Street, Springfield, Sangamon County, Illinois, 62701, United States',
    });
    expect(city.json()).toMatchObject({
      lng: -89.6439575,
      lat: 39.7990175,
      bbox: [-89.7743531, 39.6732784, -89.5735618, 39.8775022],
      address: '',
      city: 'Springfield',
      zip: '',
    });
    expect(Object.fromEntries(stub.requests[0]?.query ?? [])).toEqual({
      osm_ids: 'W466270731',
      format: 'jsonv2',
      addressdetails: '1',
      'accept-language': 'en',
    });
  });

  it('when the id is not an OSM id or the server knows nothing, then 404; when it fails, then 502', async () => {
    stub.routes.set('/lookup', () => ({ body: [] }));
    const notOsm = await asUser(t.app, user, {
      method: 'GET',
      url: '/api/locations/retrieve/zip:62701',
    });
    expect(notOsm.statusCode).toBe(404);
    expect(stub.requests).toHaveLength(0);
    const unknown = await asUser(t.app, user, { method: 'GET', url: '/api/locations/retrieve/N1' });
    expect(unknown.statusCode).toBe(404);

    stub.routes.set('/search', () => ({ status: 503, body: { error: 'busy' } }));
    const failed = await asUser(t.app, user, { method: 'GET', url: '/api/locations/suggest?q=x' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(
      'The location service (Nominatim) could not answer: it answered HTTP 503.',
    );
  });

  it('when the server cannot be reached, then 502', async () => {
    const down = await createTestApp({ nominatimUrl: 'http://127.0.0.1:9' });
    try {
      const someone = await signedInUser(down.app, { role: 'owner' });
      const res = await asUser(down.app, someone, {
        method: 'GET',
        url: '/api/locations/suggest?q=main',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(
        'The location service (Nominatim) could not answer: it is unreachable.',
      );
    } finally {
      await down.close();
    }
  });
});
