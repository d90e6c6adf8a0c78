/** Where a restaurant is and how to call it: street address, landline, position near the centre. */
import { intBetween, type Rng } from "./prng";
import { roundTo } from "./round";

/** Used when a city has no streets listed. */
const FALLBACK_STREETS = ["Via Roma", "Corso Garibaldi", "Piazza del Duomo", "Via Mazzini"] as const;

/** Italian landline numbers have ten digits including the area code, in most of the country. */
const LANDLINE_DIGITS = 10;

const KM_PER_DEGREE_LATITUDE = 111.32;
const MAX_DISTANCE_FROM_CENTRE_KM = 3;

export function streetsOf(city: { streets: readonly string[] }): readonly string[] {
  return city.streets.length > 0 ? city.streets : FALLBACK_STREETS;
}

function houseNumber(rng: Rng): number {
  // Most restaurants sit in the first stretch of a street; squared uniform favours low numbers.
  return 1 + Math.floor(rng() * rng() * 150);
}

/** "Via Paolo Sarpi 12, 20121 Milano". */
export function streetAddress(rng: Rng, street: string, city: { postcode: string; nameIt: string }): string {
  return `${street} ${houseNumber(rng)}, ${city.postcode} ${city.nameIt}`;
}

export function phoneNumber(rng: Rng, phonePrefix: string): string {
  const subscriberDigits = Math.max(6, LANDLINE_DIGITS - phonePrefix.length);
  // A subscriber number never starts with 0 or 1 (those would read as another prefix or a service number).
  let subscriber = String(intBetween(rng, 2, 9));
  while (subscriber.length < subscriberDigits) subscriber += String(intBetween(rng, 0, 9));
  return `+39 ${phonePrefix} ${subscriber}`;
}

/** A point within MAX_DISTANCE_FROM_CENTRE_KM of the centre, denser near the centre like real restaurant districts. */
export function scatterAroundCentre(rng: Rng, lat: number, lng: number): { lat: number; lng: number } {
  // Exponent 0.5 would be uniform over the disc; 0.75 leans towards the centre.
  const distanceKm = MAX_DISTANCE_FROM_CENTRE_KM * rng() ** 0.75;
  const bearing = rng() * 2 * Math.PI;
  const dLat = (distanceKm * Math.cos(bearing)) / KM_PER_DEGREE_LATITUDE;
  const dLng = (distanceKm * Math.sin(bearing)) / (KM_PER_DEGREE_LATITUDE * Math.cos((lat * Math.PI) / 180));
  return { lat: roundTo(lat + dLat, 6), lng: roundTo(lng + dLng, 6) };
}
