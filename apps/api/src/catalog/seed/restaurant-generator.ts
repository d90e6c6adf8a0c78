/**
 * Deterministic generator of demo restaurants for the seed.
 *
 * Pure functions, no database access: the same city, count and seed always give the same
 * restaurants, so a re-seed is idempotent and tests can pin exact values. Randomness comes from a
 * small seeded PRNG (sfc32) fed by sha256, never from Math.random (see ./generator/prng).
 *
 * Each restaurant draws from its own PRNG, seeded from the hash that also gives it its id. So
 * restaurant #k does not depend on how many restaurants are generated: asking for more restaurants
 * appends new ones and leaves the existing ones untouched.
 */
import { SEARCH_CATEGORIES, type RestaurantType, type SearchCategory } from "@tavolo/shared/categories";
import type { OpeningHours } from "@tavolo/shared/opening-hours";
import { mainCategory, pickCategories } from "./generator/categories";
import { describeRestaurant, localizer, type Localize } from "./generator/descriptions";
import { largestRemainder } from "./generator/largest-remainder";
import { uniqueName } from "./generator/naming";
import { openingHours } from "./generator/opening-hours";
import { phoneNumber, scatterAroundCentre, streetAddress, streetsOf } from "./generator/places";
import {
  intBetween,
  pick,
  sfc32,
  sha256,
  shuffled,
  uuidFromDigest,
  weightedPick,
  wordsAt,
  type SeedWords,
} from "./generator/prng";
import { priceRange, rating } from "./generator/rating-and-price";
import { tables, type SeedTable } from "./generator/tables";
import { CUISINES_BY_CATEGORY } from "./generator/vocabulary/cuisines";

export interface SeedRestaurant {
  id: string;
  name: string;
  type: RestaurantType;
  categories: SearchCategory[];
  descriptionIt: string;
  descriptionEn: string;
  address: string;
  phone: string;
  rating: number;
  priceRange: number;
  imageKey: string;
  lat: number;
  lng: number;
  openingHours: OpeningHours;
  tables: SeedTable[];
  autoConfirm: boolean;
}

/** The subset of a seed city the generator needs (SeedCity from ./italian-cities satisfies it). */
export interface GeneratorCity {
  slug: string;
  nameIt: string;
  nameEn: string;
  lat: number;
  lng: number;
  postcode: string;
  phonePrefix: string;
  streets: string[];
}

export interface GeneratorOptions {
  /** Changes every generated value except ids (which depend on city slug and index only). */
  seed?: string;
}

export const DEFAULT_SEED = "tavolo";

interface CityContext {
  city: GeneratorCity;
  seedWords: SeedWords;
  streets: readonly string[];
  /** A city-specific order of the categories for the guaranteed first rounds. */
  categoryOrder: readonly SearchCategory[];
  usedNames: Set<string>;
  localize: Localize;
}

function buildRestaurant(context: CityContext, index: number): SeedRestaurant {
  const { city } = context;
  const digest = sha256(`${city.slug}:${index}`);
  // Bytes 0-15 make the id; bytes 16-31, mixed with the seed, drive everything else.
  const [a, b, c, d] = wordsAt(digest, 16);
  const [sa, sb, sc, sd] = context.seedWords;
  const rng = sfc32([a ^ sa, b ^ sb, c ^ sc, d ^ sd]);

  // Every draw below consumes the PRNG: their order is part of the output, keep it.
  const primary = mainCategory(rng, context.categoryOrder, index);
  const cuisine = weightedPick(rng, CUISINES_BY_CATEGORY[primary]);
  const type = weightedPick(rng, cuisine.types);
  const categories = pickCategories(rng, cuisine);
  const street = pick(rng, context.streets);
  const name = uniqueName(rng, type, cuisine, street, context.usedNames);
  context.usedNames.add(name);
  const description = describeRestaurant(rng, type, cuisine, context.localize);
  const position = scatterAroundCentre(rng, city.lat, city.lng);

  return {
    id: uuidFromDigest(digest),
    name,
    type,
    categories,
    descriptionIt: description.it,
    descriptionEn: description.en,
    address: streetAddress(rng, street, city),
    phone: phoneNumber(rng, city.phonePrefix),
    rating: rating(rng),
    priceRange: priceRange(rng, type),
    imageKey: `${primary}-${intBetween(rng, 1, 3)}`,
    lat: position.lat,
    lng: position.lng,
    openingHours: openingHours(rng, type),
    tables: tables(rng, type),
    autoConfirm: rng() < 0.8,
  };
}

/**
 * Generates `count` demo restaurants for one city. Deterministic for a given (city, count, seed);
 * restaurant #k is the same whatever the count, so a bigger count only appends.
 * With count >= 18 every search category is the main category of at least two restaurants.
 */
export function generateRestaurants(city: GeneratorCity, count: number, options?: GeneratorOptions): SeedRestaurant[] {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  }
  const seed = options?.seed ?? DEFAULT_SEED;
  const seedWords = wordsAt(sha256(`${seed}:${city.slug}`), 0);
  const context: CityContext = {
    city,
    seedWords,
    streets: streetsOf(city),
    categoryOrder: shuffled(sfc32(seedWords), SEARCH_CATEGORIES),
    usedNames: new Set<string>(),
    localize: localizer(city),
  };
  return Array.from({ length: count }, (_unused, index) => buildRestaurant(context, index));
}

/**
 * Splits `totalRestaurants` over the cities in proportion to population, by the largest-remainder
 * method so that the counts add up exactly. When there are at least as many restaurants as cities,
 * every city gets at least one. Every city appears in the result, possibly with 0.
 */
export function restaurantsPerCity(
  totalRestaurants: number,
  cities: readonly { slug: string; population: number }[],
): Map<string, number> {
  if (!Number.isInteger(totalRestaurants) || totalRestaurants < 0) {
    throw new RangeError(`totalRestaurants must be a non-negative integer, got ${totalRestaurants}`);
  }
  const slugs = new Set(cities.map((city) => city.slug));
  if (slugs.size !== cities.length) throw new Error("restaurantsPerCity: city slugs must be unique");
  if (cities.length === 0) {
    if (totalRestaurants > 0) throw new Error("restaurantsPerCity: no cities to place restaurants in");
    return new Map();
  }

  const floor = totalRestaurants >= cities.length ? 1 : 0;
  const shares = largestRemainder(
    totalRestaurants - floor * cities.length,
    cities.map((city) => Math.max(0, city.population)),
  );
  return new Map(cities.map((city, i) => [city.slug, floor + (shares[i] ?? 0)]));
}
