/** Helpers shared by the seed tests. */
import { ITALIAN_CITIES, type SeedCity } from "./italian-cities";

const EARTH_RADIUS_KM = 6371;

export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

export function city(slug: string): SeedCity {
  const found = ITALIAN_CITIES.find((c) => c.slug === slug);
  if (found === undefined) throw new Error(`no city ${slug}`);
  return found;
}
