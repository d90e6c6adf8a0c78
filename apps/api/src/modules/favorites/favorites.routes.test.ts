import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { bearer, login, register } from "../../../test/auth-helpers";

let t: TestApp;
let restaurantIds: string[];
beforeAll(async () => {
  t = await createTestApp({ seedRestaurants: 6 });
  const rows = await t.database.db.selectFrom("restaurants").select("id").orderBy("name").limit(3).execute();
  restaurantIds = rows.map((row) => row.id);
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof register>>;
const call = (method: "GET" | "PUT" | "DELETE", url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(method === "PUT" ? { payload: { language: "it" } } : {}),
  });
const list = async (user: User, headers: Record<string, string> = {}) =>
  (await call("GET", "/api/client/favorites", user.token, headers)).json().favorites as {
    restaurantId: string;
    createdAt: string;
    restaurant: { id: string; name: string; city: string; imageUrl: string };
  }[];

describe("favorites", () => {
  it("saves, lists newest first with the card's data, survives a new sign-in, and removes", async () => {
    const user = await register(t.app);
    const [first, second] = restaurantIds as [string, string];
    expect(await list(user)).toEqual([]);
    const added = await call("PUT", `/api/client/favorites/${first}`, user.token);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ success: true, restaurantId: first, favorite: true });
    await call("PUT", `/api/client/favorites/${second}`, user.token);
    await call("PUT", `/api/client/favorites/${first}`, user.token); // idempotent: keeps its place

    const favorites = await list(user);
    expect(favorites.map((favorite) => favorite.restaurantId)).toEqual([second, first]);
    expect(favorites[0]?.restaurant).toMatchObject({ id: second, imageUrl: expect.stringMatching(/^\/images\//) });
    expect(favorites[0]?.restaurant.name).toBeTruthy();

    const again = await login(t.app, user.user.email);
    expect((await list({ ...user, token: again.token })).map((favorite) => favorite.restaurantId)).toEqual([
      second,
      first,
    ]);

    const removed = await call("DELETE", `/api/client/favorites/${second}`, user.token);
    expect(removed.json()).toEqual({ success: true, restaurantId: second, favorite: false });
    expect((await call("DELETE", `/api/client/favorites/${second}`, user.token)).statusCode).toBe(200);
    expect((await list(user)).map((favorite) => favorite.restaurantId)).toEqual([first]);
  });

  it("names cities in the request's language", async () => {
    const user = await register(t.app);
    await call("PUT", `/api/client/favorites/${restaurantIds[0]}`, user.token);
    const row = await t.database.db
      .selectFrom("restaurants as r")
      .innerJoin("cities as c", "c.id", "r.city_id")
      .select(["c.name_it", "c.name_en"])
      .where("r.id", "=", restaurantIds[0] ?? "")
      .executeTakeFirstOrThrow();
    expect((await list(user, { "x-user-language": "en" }))[0]?.restaurant.city).toBe(row.name_en);
    expect((await list(user, { "x-user-language": "it" }))[0]?.restaurant.city).toBe(row.name_it);
  });

  it("keeps each user's list their own: another user can neither see nor remove it", async () => {
    const alice = await register(t.app);
    const bob = await register(t.app);
    const [first] = restaurantIds as [string];
    await call("PUT", `/api/client/favorites/${first}`, alice.token);
    expect(await list(bob)).toEqual([]);
    await call("DELETE", `/api/client/favorites/${first}`, bob.token);
    expect((await list(alice)).map((favorite) => favorite.restaurantId)).toEqual([first]);
    // There is no way to name someone else's list.
    expect((await call("GET", `/api/client/favorites?userId=${alice.userId}`, bob.token)).json().favorites).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/client/favorites" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url: `/api/client/favorites/${first}`, payload: {} })).statusCode).toBe(
      401,
    );
  });

  it("answers an unknown or malformed restaurant with a translated 4xx and saves nothing", async () => {
    const user = await register(t.app);
    const unknown = await call("PUT", `/api/client/favorites/${randomUUID()}`, user.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "restaurant_not_found", error: "Ristorante non trovato" });
    for (const id of ["not-a-uuid", "1", "%27%20OR%201%3D1"]) {
      const res = await call("PUT", `/api/client/favorites/${id}`, user.token);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error).toBe("ID ristorante non valido");
      expect((await call("DELETE", `/api/client/favorites/${id}`, user.token)).statusCode).toBe(400);
    }
    expect(await list(user)).toEqual([]);
  });
});
