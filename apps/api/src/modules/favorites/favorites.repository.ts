import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../db/schema";
import { restaurantColumns, type RestaurantRow } from "../restaurants/restaurants.repository";

type Db = Kysely<DB> | Transaction<DB>;

export type FavoriteRow = RestaurantRow & { favorited_at: Date };

/** A user's favorites, newest first, with what a restaurant card shows. */
export function listFavorites(db: Db, userId: string): Promise<FavoriteRow[]> {
  return db
    .selectFrom("favorites as f")
    .innerJoin("restaurants as r", "r.id", "f.restaurant_id")
    .innerJoin("cities as c", "c.id", "r.city_id")
    .select([...restaurantColumns, "f.created_at as favorited_at"])
    .where("f.user_id", "=", userId)
    .orderBy("f.created_at", "desc")
    .orderBy("r.name")
    .execute();
}

export async function countFavorites(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("favorites")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Idempotent: saving a favorite twice keeps the first date. */
export async function addFavorite(db: Db, userId: string, restaurantId: string): Promise<void> {
  await db
    .insertInto("favorites")
    .values({ user_id: userId, restaurant_id: restaurantId })
    .onConflict((conflict) => conflict.columns(["user_id", "restaurant_id"]).doNothing())
    .execute();
}

/** Only ever the caller's own row: the user id is part of the key. */
export async function removeFavorite(db: Db, userId: string, restaurantId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("favorites")
    .where("user_id", "=", userId)
    .where("restaurant_id", "=", restaurantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function isFavorite(db: Db, userId: string, restaurantId: string): Promise<boolean> {
  const row = await db
    .selectFrom("favorites")
    .select(sql<number>`1`.as("one"))
    .where("user_id", "=", userId)
    .where("restaurant_id", "=", restaurantId)
    .executeTakeFirst();
  return row !== undefined;
}
