import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";

/** The Last Minute city alerts a diner asked for (city_interests), with their city's names. */
export function findCityInterests(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("city_interests as ci")
    .innerJoin("cities as c", "c.id", "ci.city_id")
    .select(["c.slug", "c.name_it", "c.name_en", "ci.include_nearby", "ci.radius_km"])
    .where("ci.user_id", "=", userId)
    .execute();
}

/** Only the caller's own row can go: the user id is part of the key. */
export async function deleteCityInterest(db: Kysely<DB>, userId: string, cityId: number): Promise<void> {
  await db.deleteFrom("city_interests").where("user_id", "=", userId).where("city_id", "=", cityId).execute();
}

/** The alerts an unsubscribe link names, still standing, with their city's names (decision 044). */
export function findCityInterestsByCity(db: Kysely<DB>, userId: string, cityIds: readonly number[]) {
  return db
    .selectFrom("city_interests as ci")
    .innerJoin("cities as c", "c.id", "ci.city_id")
    .select(["c.id", "c.name_it", "c.name_en"])
    .where("ci.user_id", "=", userId)
    .where("ci.city_id", "in", [...cityIds])
    .orderBy("c.name_it")
    .execute();
}

/** Turns off the alerts an unsubscribe link names; one statement, so a repeated POST changes nothing more. */
export async function deleteCityInterests(db: Kysely<DB>, userId: string, cityIds: readonly number[]): Promise<number> {
  const result = await db
    .deleteFrom("city_interests")
    .where("user_id", "=", userId)
    .where("city_id", "in", [...cityIds])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
