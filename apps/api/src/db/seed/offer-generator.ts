/**
 * Deterministic demo Last Minute offers, relative to a given moment, so a fresh start always shows
 * live ones: in every city some restaurants offer seats expiring within the hour, some later
 * tonight, some tomorrow. Pure: the same restaurants and moment give the same offers.
 */
import { addDays, minutesOfDay, timeOfDay, wallClockOf } from "@tavolo/shared/dates";
import type { OfferInput } from "../../modules/offers/offer-writes.repository";
import { intBetween, pick, sfc32, sha256, uuidFromDigest, wordsAt } from "./generator/prng";

export interface OfferRestaurant {
  id: string;
  citySlug: string;
  timeZone: string;
}

export type OfferKind = "soon" | "tonight" | "tomorrow";
const KINDS: readonly OfferKind[] = ["soon", "tonight", "tomorrow"];

/** One restaurant in this many offers seats; every city with restaurants gets at least one of each kind. */
const ONE_IN = 4;
const LAST_START = minutesOfDay("23:55");
const SEATING_MINUTES = 120;
const DISCOUNTS = [null, null, 10, 15, 20, 25, 30] as const;

/** Rounds a minute of the day up to the next multiple of five. */
const upToFive = (minutes: number) => Math.ceil(minutes / 5) * 5;

function timing(kind: OfferKind, now: Date, timeZone: string, rng: () => number) {
  if (kind === "tomorrow") {
    const date = addDays(wallClockOf(now, timeZone).date, 1);
    const bookUntil = 12 * 60 + 30 * intBetween(rng, 0, 17);
    return { date, bookUntil, start: bookUntil + 30 };
  }
  const ahead = kind === "soon" ? intBetween(rng, 12, 50) : intBetween(rng, 90, 300);
  const wall = wallClockOf(new Date(now.getTime() + ahead * 60_000), timeZone);
  let bookUntil = upToFive(minutesOfDay(wall.time));
  let date = wall.date;
  if (bookUntil >= 24 * 60) {
    bookUntil = 0;
    date = addDays(date, 1);
  }
  // The seating starts on the deadline's day: late at night it may start as the booking closes.
  return { date, bookUntil, start: Math.max(bookUntil, Math.min(bookUntil + 15, LAST_START)) };
}

function offerFor(restaurant: OfferRestaurant, kind: OfferKind, now: Date, today: string): OfferInput {
  // Keyed by the restaurant's day: a re-seed the same day rewrites the same offers.
  const digest = sha256(`offer:${restaurant.id}:${today}:${kind}`);
  const rng = sfc32(wordsAt(digest, 16));
  const { date, bookUntil, start } = timing(kind, now, restaurant.timeZone, rng);
  const totalSeats = pick(rng, [2, 4, 4, 6, 6, 8, 10, 12]);
  const discount = pick(rng, DISCOUNTS);
  return {
    id: uuidFromDigest(digest),
    restaurantId: restaurant.id,
    date,
    startTime: timeOfDay(start),
    endTime: timeOfDay((start + SEATING_MINUTES) % (24 * 60)),
    bookUntil: timeOfDay(bookUntil),
    totalSeats,
    discountPercent: discount,
    descriptionIt: discount ? `Sconto del ${discount}% sul menu alla carta.` : "Tavoli liberi all'ultimo minuto.",
    descriptionEn: discount ? `${discount}% off the à la carte menu.` : "Tables freed up at the last minute.",
    source: "seed",
  };
}

/**
 * Offers for one restaurant in ONE_IN (by a hash of its id, so the choice is stable), and for the
 * first three of every city whatever the hash, one of each kind.
 */
export function generateOffers(restaurants: readonly OfferRestaurant[], now: Date): OfferInput[] {
  const seenPerCity = new Map<string, number>();
  const offers: OfferInput[] = [];
  for (const restaurant of restaurants) {
    const index = seenPerCity.get(restaurant.citySlug) ?? 0;
    seenPerCity.set(restaurant.citySlug, index + 1);
    const today = wallClockOf(now, restaurant.timeZone).date;
    const ticket = sha256(`offer-pick:${restaurant.id}`).readUInt32BE(0);
    if (index < KINDS.length) offers.push(offerFor(restaurant, KINDS[index]!, now, today));
    else if (ticket % ONE_IN === 0) offers.push(offerFor(restaurant, KINDS[ticket % 3]!, now, today));
  }
  return offers;
}
