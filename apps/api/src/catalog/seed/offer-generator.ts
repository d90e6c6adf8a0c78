/**
 * Deterministic demo Last Minute offers, relative to a given moment, so a fresh start always shows
 * live ones. Every offer is a real service of its restaurant (decision 023): a lunch or a dinner,
 * today or tomorrow, inside that day's opening hours (the rule db:import applies too), still
 * bookable at that moment. Pure: the same restaurants and moment give the same offers.
 */
import { SEATING_MINUTES } from "@tavolo/shared/constants";
import { addDays, minutesOfDay, timeOfDay, wallClockOf } from "@tavolo/shared/dates";
import { seatingHoursProblem, weekdayOfDate, type OpeningHours } from "@tavolo/shared/opening-hours";
import type { OfferInput } from "../../modules/offers/offer-writes.repository";
import { intBetween, pick, sfc32, sha256, uuidFromDigest, wordsAt } from "./generator/prng";

export interface OfferRestaurant {
  id: string;
  citySlug: string;
  timeZone: string;
  openingHours: OpeningHours;
}

type ServiceName = "lunch" | "dinner";

/** When each service may seat people, within the day's opening hours. */
const SERVICE_WINDOWS: Record<ServiceName, { from: number; to: number }> = {
  lunch: { from: minutesOfDay("12:00"), to: minutesOfDay("15:00") },
  dinner: { from: minutesOfDay("19:00"), to: minutesOfDay("23:30") },
};
const STEP = 15;
/** How long before the seating booking closes, at most. */
const LEADS = [0, 15, 30, 45, 60] as const;
/** Booking stays open at least this long after the moment of generation. */
const MIN_MINUTES_LEFT = 10;
/** One restaurant in this many offers seats; every city's first three always do. */
const ONE_IN = 4;
const DISCOUNTS = [null, null, 10, 15, 20, 25, 30] as const;

interface Service {
  date: string;
  name: ServiceName;
  /** Earliest and latest seating start, minutes of the day. */
  first: number;
  last: number;
}

const upToStep = (minutes: number) => Math.ceil(minutes / STEP) * STEP;

/** The restaurant's lunches and dinners of today and tomorrow that can still be booked, in order. */
function upcomingServices(restaurant: OfferRestaurant, now: Date): Service[] {
  const wall = wallClockOf(now, restaurant.timeZone);
  const earliestDeadline = minutesOfDay(wall.time) + MIN_MINUTES_LEFT;
  const services: Service[] = [];
  for (const date of [wall.date, addDays(wall.date, 1)]) {
    const slot = restaurant.openingHours[weekdayOfDate(date)];
    if (!slot) continue;
    for (const name of ["lunch", "dinner"] as const) {
      const window = SERVICE_WINDOWS[name];
      let first = upToStep(Math.max(minutesOfDay(slot.open), window.from));
      const last = Math.min(minutesOfDay(slot.close), window.to) - SEATING_MINUTES;
      // Today: the seating (and so its deadline, at the latest) must still be ahead.
      if (date === wall.date) first = Math.max(first, upToStep(earliestDeadline));
      if (first <= last) services.push({ date, name, first, last });
    }
  }
  return services;
}

function offerAt(restaurant: OfferRestaurant, service: Service, now: Date): OfferInput {
  // Keyed by the service: a re-seed rewrites the same offers.
  const digest = sha256(`offer:${restaurant.id}:${service.date}:${service.name}`);
  const rng = sfc32(wordsAt(digest, 16));
  const start = service.first + STEP * intBetween(rng, 0, Math.floor((service.last - service.first) / STEP));
  const wall = wallClockOf(now, restaurant.timeZone);
  const earliestDeadline = service.date === wall.date ? minutesOfDay(wall.time) + MIN_MINUTES_LEFT : 0;
  const leads = LEADS.filter((lead) => start - lead >= earliestDeadline);
  const bookUntil = start - pick(rng, leads.length > 0 ? leads : [0]);
  const totalSeats = pick(rng, [2, 4, 4, 6, 6, 8, 10, 12]);
  const discount = pick(rng, DISCOUNTS);
  const offer: OfferInput = {
    id: uuidFromDigest(digest),
    restaurantId: restaurant.id,
    date: service.date,
    startTime: timeOfDay(start),
    endTime: timeOfDay(start + SEATING_MINUTES),
    bookUntil: timeOfDay(bookUntil),
    totalSeats,
    discountPercent: discount,
    descriptionIt: discount ? `Sconto del ${discount}% sul menu alla carta.` : "Tavoli liberi all'ultimo minuto.",
    descriptionEn: discount ? `${discount}% off the à la carte menu.` : "Tables freed up at the last minute.",
    source: "seed",
  };
  if (seatingHoursProblem(restaurant.openingHours, offer.date, offer.startTime, offer.endTime)) {
    throw new Error(`demo offer outside the hours of ${restaurant.id}: ${JSON.stringify(offer)}`);
  }
  return offer;
}

/**
 * Offers for one restaurant in ONE_IN (by a hash of its id, so the choice is stable) and for the
 * first three of every city: the first takes its next service, the second the one after, the
 * third the one after that (tomorrow, as a rule); the others one of their next three.
 */
export function generateOffers(restaurants: readonly OfferRestaurant[], now: Date): OfferInput[] {
  const seenPerCity = new Map<string, number>();
  const offers: OfferInput[] = [];
  for (const restaurant of restaurants) {
    const index = seenPerCity.get(restaurant.citySlug) ?? 0;
    seenPerCity.set(restaurant.citySlug, index + 1);
    const ticket = sha256(`offer-pick:${restaurant.id}`).readUInt32BE(0);
    if (index >= 3 && ticket % ONE_IN !== 0) continue;
    const services = upcomingServices(restaurant, now);
    if (services.length === 0) continue;
    const which = Math.min(index < 3 ? index : ticket % 3, services.length - 1);
    offers.push(offerAt(restaurant, services[which]!, now));
  }
  return offers;
}
