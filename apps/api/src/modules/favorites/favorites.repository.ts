import type { Kysely, Transaction } from "kysely";
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

/** How many favorites a user has, and whether this restaurant is among them, in one read. */
export async function favoritesState(
  db: Db,
  userId: string,
  restaurantId: string,
): Promise<{ count: number; saved: boolean }> {
  const row = await db
    .selectFrom("favorites")
    .select((eb) => [
      eb.fn.countAll<string>().as("count"),
      eb.fn.count<string>("restaurant_id").filterWhere("restaurant_id", "=", restaurantId).as("saved"),
    ])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), saved: Number(row.saved) > 0 };
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
