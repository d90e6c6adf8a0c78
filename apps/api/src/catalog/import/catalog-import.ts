import type { Kysely } from "kysely";
import { seatingHoursProblem, type OpeningHours, type SeatingHoursProblem } from "@tavolo/shared/opening-hours";
import { normalizeSearchKey } from "@tavolo/shared/text";
import type { DB } from "../../db/schema";
import { isCheckViolation } from "../../db/postgres-errors";
import { catalogFileSchema, type CatalogFile } from "./catalog-file.schema";
import { upsertCities, upsertRestaurants } from "../../modules/restaurants/catalog-writes.repository";
import { upsertOffers } from "../../modules/offers/offer-writes.repository";

export interface ImportProblem {
  /** e.g. "restaurants[3].openingHours.monday.close" */
  where: string;
  message: string;
}

export type ImportResult =
  | {
      ok: true;
      cities: number;
      restaurants: number;
      tables: number;
      offers: number;
      /** Offers that did not exist before: the ones to announce to interested diners. */
      newOfferIds: string[];
    }
  | { ok: false; problems: ImportProblem[] };

/**
 * Validates the whole file first (shape, then references to cities) and imports only when every
 * record is good, in one transaction: a bad record anywhere means nothing changes.
 */
export async function importCatalog(db: Kysely<DB>, input: unknown): Promise<ImportResult> {
  const parsed = catalogFileSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => ({ where: formatPath(issue.path), message: issue.message })),
    };
  }
  const file = parsed.data;
  const citySlugByKey = await knownCityKeys(db, file);
  const problems: ImportProblem[] = [];
  const restaurants = file.restaurants.map((r, index) => {
    const citySlug = citySlugByKey.get(normalizeSearchKey(r.city));
    if (!citySlug) problems.push({ where: `restaurants[${index}].city`, message: `unknown city "${r.city}"` });
    return {
      ...(r.id ? { id: r.id } : {}),
      citySlug: citySlug ?? "",
      name: r.name,
      type: r.type,
      categories: r.categories,
      descriptionIt: r.description.it,
      descriptionEn: r.description.en,
      address: r.address,
      phone: r.phone,
      imageKey: r.image ?? `${r.categories[0]}-1`,
      rating: r.rating,
      priceRange: r.priceRange,
      openingHours: r.openingHours,
      timeZone: r.timeZone,
      lat: r.lat,
      lng: r.lng,
      autoConfirm: r.autoConfirm,
      tables: r.tables,
    };
  });
  // An offer's restaurant is in the file (its hours as the file sets them) or already stored.
  const hoursInFile = new Map(file.restaurants.flatMap((r) => (r.id ? [[r.id, r.openingHours] as const] : [])));
  const storedHours = await storedOpeningHours(
    db,
    file.offers.map((offer) => offer.restaurantId).filter((id) => !hoursInFile.has(id)),
  );
  file.offers.forEach((offer, index) => {
    const hours = hoursInFile.get(offer.restaurantId) ?? storedHours.get(offer.restaurantId);
    if (!hours) {
      problems.push({ where: `offers[${index}].restaurantId`, message: `unknown restaurant "${offer.restaurantId}"` });
      return;
    }
    const outside = seatingHoursProblem(hours, offer.date, offer.startTime, offer.endTime);
    if (outside) problems.push({ where: `offers[${index}].startTime`, message: describeHoursProblem(outside, offer) });
  });
  if (problems.length > 0) return { ok: false, problems };

  try {
    return await writeAll(db, file, restaurants);
  } catch (error) {
    // Seats already booked cannot be taken away by a smaller total: the CHECK says so, named here.
    if (isCheckViolation(error, "offers_available_seats_not_negative")) {
      return {
        ok: false,
        problems: [{ where: "offers", message: "totalSeats is below the seats diners have already booked" }],
      };
    }
    throw error;
  }
}

async function writeAll(db: Kysely<DB>, file: CatalogFile, restaurants: Parameters<typeof upsertRestaurants>[1]) {
  return db.transaction().execute(async (trx) => {
    await upsertCities(trx, file.cities);
    const cityIds = new Map(
      (await trx.selectFrom("cities").select(["id", "slug"]).execute()).map((c) => [c.slug, c.id]),
    );
    await upsertRestaurants(trx, restaurants, cityIds);
    const written = await upsertOffers(
      trx,
      file.offers.map((offer) => ({
        ...(offer.id ? { id: offer.id } : {}),
        restaurantId: offer.restaurantId,
        date: offer.date,
        startTime: offer.startTime,
        endTime: offer.endTime,
        bookUntil: offer.bookUntil,
        totalSeats: offer.totalSeats,
        ...(offer.availableSeats === undefined ? {} : { availableSeats: offer.availableSeats }),
        ...(offer.categories ? { categories: offer.categories } : {}),
        discountPercent: offer.discountPercent,
        descriptionIt: offer.description.it,
        descriptionEn: offer.description.en,
        source: "import" as const,
      })),
    );
    return {
      ok: true as const,
      cities: file.cities.length,
      restaurants: restaurants.length,
      tables: restaurants.reduce((sum, r) => sum + r.tables.length, 0),
      offers: written.length,
      newOfferIds: written.filter((offer) => offer.inserted).map((offer) => offer.id),
    };
  });
}

async function storedOpeningHours(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, OpeningHours>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("restaurants")
    .select(["id", "opening_hours"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.opening_hours]));
}

/** "the restaurant is closed on monday 2026-11-23" / "… open 12:00–23:00 on tuesday 2026-11-24". */
function describeHoursProblem(
  problem: SeatingHoursProblem,
  offer: { date: string; startTime: string; endTime: string },
): string {
  const seating = `the seating ${offer.startTime}–${offer.endTime} on ${problem.weekday} ${offer.date}`;
  return problem.reason === "closed"
    ? `${seating} falls on the restaurant's closing day`
    : `${seating} is outside the restaurant's opening hours (${problem.slot.open}–${problem.slot.close}); offers must start and end within them`;
}

/** Every spelling that names a city: those already stored and those the file itself brings. */
async function knownCityKeys(db: Kysely<DB>, file: CatalogFile): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("city_aliases as a")
    .innerJoin("cities as c", "c.id", "a.city_id")
    .select(["a.key", "c.slug"])
    .execute();
  const keys = new Map(rows.map((row) => [row.key, row.slug]));
  for (const city of file.cities) {
    for (const name of [city.slug, city.nameIt, city.nameEn, ...city.aliases])
      keys.set(normalizeSearchKey(name), city.slug);
  }
  return keys;
}

function formatPath(path: readonly PropertyKey[]): string {
  return (
    path.reduce<string>(
      (out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)),
      "",
    ) || "(file)"
  );
}
