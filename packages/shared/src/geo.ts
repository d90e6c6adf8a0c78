/**
 * Great-circle distance in kilometres, on the sphere PostgreSQL's earthdistance uses (earth() =
 * 6,378,168 m), so a distance computed here and one computed by the database agree at the edges
 * of a radius.
 */
export const EARTH_RADIUS_KM = 6378.168;

export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
