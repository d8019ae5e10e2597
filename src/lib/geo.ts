// The visitor's approximate location, looked up once from the configured IP-geolocation service
// and kept in localStorage. Used only to pre-fill a country; never awaited by rendering.
// Validated by hand rather than with zod: this runs on every public page, and zod would add
// ~23 KB of JavaScript to each of them for two range checks.
import { geoLookupUrl } from './env.ts';

export const LOCATION_KEY = 'location';

export interface StoredLocation {
  latitude: number;
  longitude: number;
  country?: string;
}

function coordinate(v: unknown, limit: number): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent: Number.isFinite is false for anything but a number; the typeof check is for TypeScript's narrowing.
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** Accepts the common response shapes (latitude/lat, longitude/lon/lng, country_name/country). Null when invalid. */
export function parseLocation(raw: unknown): StoredLocation | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const latitude = coordinate(r.latitude ?? r.lat, 90);
  const longitude = coordinate(r.longitude ?? r.lon ?? r.lng, 180);
  if (latitude === null || longitude === null) return null;
  const country = r.country_name ?? r.country;
  return typeof country === 'string' ? { latitude, longitude, country } : { latitude, longitude };
}

export function getStoredLocation(storage: Pick<Storage, 'getItem'> = localStorage): StoredLocation | null {
  try {
    // Stryker disable next-line StringLiteral: equivalent: any other fallback fails to parse, and the catch gives the same null.
    return parseLocation(JSON.parse(storage.getItem(LOCATION_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

/** Looks the location up once per browser; silent on any failure. */
export async function rememberLocation(url = geoLookupUrl, storage: Storage = localStorage, fetcher: typeof fetch = fetch): Promise<StoredLocation | null> {
  if (!url) return null;
  const known = getStoredLocation(storage);
  if (known) return known;
  try {
    const response = await fetcher(url);
    if (!response.ok) return null;
    const location = parseLocation(await response.json());
    if (location) storage.setItem(LOCATION_KEY, JSON.stringify(location));
    return location;
  } catch {
    return null;
  }
}
