import type { Kysely } from "kysely";
import { ALL_CATEGORIES } from "@tavolo/shared/categories";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { Language } from "@tavolo/shared/languages";
import {
  OFFER_LIST_LIMIT,
  type AvailableLastMinuteQuery,
  type BookLastMinuteInput,
  type BookLastMinuteResponse,
  type CityInterestListResponse,
  type CityInterestRemovedResponse,
  type LastMinuteByCityQuery,
  type LastMinuteListResponse,
  type LastMinuteOfferResponse,
  type RegisterCityInterestResponse,
} from "@tavolo/shared/offers";
import type { DB } from "../../db/schema";
import { notFound } from "../../errors";
import type { Answer } from "../reservations/idempotency";
import type { ReservationNotifications } from "../reservations/reservation-notifications";
import { bookOffer, offerNotFound } from "./book-offer";
import { createCityDirectory } from "./city-directory";
import { deleteCityInterest, findCityInterests } from "./city-interests.repository";
import * as repo from "./offers.repository";
import { toOffer } from "./offers.mapper";

const cityNotFound = (city: string) => notFound("city_not_found", "apiErrors.cityNotFound", { city });
/** A city's name as the diner reads it. */
const cityNameIn = (language: Language, city: { name_it: string; name_en: string }) =>
  language === "en" ? city.name_en : city.name_it;

export function createOfferService(deps: {
  db: Kysely<DB>;
  notifications: ReservationNotifications;
  /** The clock deadlines are read by; tests move it. */
  now: () => Date;
}) {
  const { db, notifications, now } = deps;
  const categoryOf = (category: string) => (category === ALL_CATEGORIES ? undefined : category);
  const cities = createCityDirectory(db);

  async function cityOf(name: string) {
    const city = await cities.find(name);
    if (!city) throw cityNotFound(name);
    return city;
  }

  return {
    /** Around a point (nearest first), or everywhere (most urgent first). */
    async available(query: AvailableLastMinuteQuery, language: Language): Promise<LastMinuteListResponse> {
      const at = now();
      const category = categoryOf(query.category);
      const rows =
        query.lat !== undefined && query.lng !== undefined
          ? await repo.listLiveOffersNear(db, {
              lat: query.lat,
              lng: query.lng,
              radiusKm: query.radius,
              category,
              now: at,
              limit: OFFER_LIST_LIMIT,
            })
          : await repo.listLiveOffers(db, { category, now: at, limit: OFFER_LIST_LIMIT });
      return { success: true, offers: rows.map((row) => toOffer(row, language, at)) };
    },

    /** A city's offers, then (when asked) those of the cities within the radius of its centre. */
    async byCity(query: LastMinuteByCityQuery, language: Language): Promise<LastMinuteListResponse> {
      const at = now();
      const city = await cityOf(query.city);
      const nearby = query.includeNearbyCities ? await cities.nearby(city, query.radius) : [];
      const rows = await repo.listLiveOffersInCities(db, {
        cityIds: [city.id, ...nearby.map((other) => other.id)],
        chosenCityId: city.id,
        centre: city,
        category: categoryOf(query.category),
        now: at,
        limit: OFFER_LIST_LIMIT,
      });
      return {
        success: true,
        offers: rows.map((row) => toOffer(row, language, at)),
        city: { slug: city.slug, name: cityNameIn(language, city), lat: city.lat, lng: city.lng },
        nearbyCities: nearby.map((other) => ({
          slug: other.slug,
          name: cityNameIn(language, other),
          distanceKm: Math.round(other.distanceKm * 10) / 10,
        })),
      };
    },

    /** One offer, expired or sold out included: the answer says which. */
    async byId(id: string, language: Language): Promise<LastMinuteOfferResponse> {
      const row = await repo.findOfferView(db, id);
      if (!row) throw offerNotFound();
      return { success: true, offer: toOffer(row, language, now()) };
    },

    /**
     * Books seats of an offer (DESIGN §4): one statement takes them only while enough are left and
     * the deadline has not passed, and records the booking. 201, or the first answer again for a
     * retry with the same Idempotency-Key (decision 007).
     */
    async book(
      userId: string,
      input: BookLastMinuteInput,
      language: Language,
      idempotencyKey: string | undefined,
    ): Promise<Answer<BookLastMinuteResponse, 201> & { replayed: boolean }> {
      return bookOffer({ db, notifications, now }, { userId, input, language, idempotencyKey });
    },

    /** Remembers (or updates) the caller's wish to hear about new offers in a city. */
    async registerInterest(
      userId: string,
      input: { city: string; includeNearbyCities: boolean; radius: number },
      language: Language,
    ): Promise<RegisterCityInterestResponse> {
      const city = await cityOf(input.city);
      const radiusKm = Math.round(input.radius);
      await db
        .insertInto("city_interests")
        .values({ user_id: userId, city_id: city.id, include_nearby: input.includeNearbyCities, radius_km: radiusKm })
        .onConflict((oc) =>
          oc.columns(["user_id", "city_id"]).doUpdateSet({
            include_nearby: input.includeNearbyCities,
            radius_km: radiusKm,
            updated_at: new Date(),
          }),
        )
        .execute();
      return {
        success: true,
        message: translateShared(language, "apiMessages.cityInterestRegistered", { city: cityNameIn(language, city) }),
        interest: {
          city: cityNameIn(language, city),
          citySlug: city.slug,
          includeNearbyCities: input.includeNearbyCities,
          radius: radiusKm,
        },
      };
    },

    /** The caller's city alerts, by city name in the request's language. */
    async listInterests(userId: string, language: Language): Promise<CityInterestListResponse> {
      const rows = await findCityInterests(db, userId);
      const interests = rows.map((row) => ({
        city: { slug: row.slug, name: cityNameIn(language, row) },
        includeNearbyCities: row.include_nearby,
        radius: row.radius_km,
      }));
      interests.sort((a, b) => a.city.name.localeCompare(b.city.name, language));
      return { success: true, interests };
    },

    /**
     * Stops the caller's alert for a city. Removing one that is already gone answers the same, so a
     * retried or double-clicked removal never shows an error; an unknown city is still a 404.
     */
    async removeInterest(userId: string, citySlug: string, language: Language): Promise<CityInterestRemovedResponse> {
      const city = await cities.bySlug(citySlug);
      if (!city) throw cityNotFound(citySlug);
      await deleteCityInterest(db, userId, city.id);
      return {
        success: true,
        message: translateShared(language, "apiMessages.cityInterestRemoved", { city: cityNameIn(language, city) }),
      };
    },
  };
}

export type OfferService = ReturnType<typeof createOfferService>;
