import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { LocationProvider } from './location-provider.ts';
import { NominatimLocationProvider } from './nominatim-provider.ts';
import { OfflineLocationProvider } from './offline-provider.ts';
import { SearchBoxLocationProvider } from './searchbox-provider.ts';

/**
 * One provider per process, chosen by configuration: the suggest/retrieve service when its
 * access token is set, else a Nominatim server when its URL is set, else offline.
 */
export function createLocationProvider(
  config: Pick<Config, 'locationAccessToken' | 'locationApiUrl' | 'nominatimUrl' | 'publicUrl'>,
  db: Db,
  userAgent: string,
): LocationProvider {
  if (config.locationAccessToken) {
    return new SearchBoxLocationProvider({
      baseUrl: config.locationApiUrl,
      accessToken: config.locationAccessToken,
    });
  }
  if (config.nominatimUrl) {
    return new NominatimLocationProvider({ baseUrl: config.nominatimUrl, userAgent });
  }
  return new OfflineLocationProvider(db);
}
