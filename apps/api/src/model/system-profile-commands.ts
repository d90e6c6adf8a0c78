import type fc from "fast-check";
import { expect } from "vitest";
import type { AccountExport } from "@tavolo/shared/account-data";
import { MAX_PUSH_SUBSCRIPTIONS } from "@tavolo/shared/constants";
import type { FavoritesResponse } from "@tavolo/shared/favorites";
import { bearer, login, post } from "../../test/auth-helpers";
import { uniqueName } from "../../test/personal-data";
import { addressesOf, expectNo5xx, liveDiner, liveDiners, took, type Model, type World } from "./system-model";

/**
 * The profile, device and session commands of the model (decision 037): a new name, a saved or
 * unsaved restaurant, a browser subscribed to Web Push, signing out and in again. They meet the
 * account and line commands: a deletion must erase the names a diner had before and the browsers'
 * endpoints, an export must list the diner's favourites and browsers as they are, an address change
 * must leave the diner able to sign in with the new address, and a held table must reach every
 * subscribed browser (system-model.ts, expectHoldPushes).
 */
type Cmd = fc.AsyncCommand<Model, World>;

/** Live diners with room for one more browser: past the cap one is refused (409), which the push suite tests. */
const withRoomForABrowser = (m: Model) =>
  liveDiners(m).filter((index) => m.diners[index]!.pushEndpoints.length < MAX_PUSH_SUBSCRIPTIONS);

/** A new first and last name, from the settings screen. */
export class Rename implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => liveDiners(m).length > 0;
  async run(m: Model, w: World) {
    took("Rename");
    const d = liveDiner(m, this.pick);
    const name = { firstName: uniqueName("Nome"), lastName: uniqueName("Cognome") };
    const res = await w.t.app.inject({
      method: "PUT",
      url: `/api/client/updateProfile/${d.userId}`,
      headers: d.headers,
      payload: name,
    });
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    d.formerNames.push(d.firstName, d.lastName);
    d.firstName = name.firstName;
    d.lastName = name.lastName;
  }
  toString = () => `rename(#${this.pick})`;
}

/** Saves one of the two restaurants, or unsaves it when saved; the list read back is the model's. */
export class ToggleFavorite implements Cmd {
  constructor(
    readonly pick: number,
    readonly dinnerOnly: boolean,
  ) {}
  check = (m: Model) => liveDiners(m).length > 0;
  async run(m: Model, w: World) {
    took("ToggleFavorite");
    const d = liveDiner(m, this.pick);
    const restaurantId = (this.dinnerOnly ? w.f.dinner : w.f.allDay).id;
    const saved = d.favorites.has(restaurantId);
    const res = await w.t.app.inject({
      method: saved ? "DELETE" : "PUT",
      url: `/api/client/favorites/${restaurantId}`,
      headers: d.headers,
    });
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    if (saved) d.favorites.delete(restaurantId);
    else d.favorites.add(restaurantId);
    const list = await w.t.app.inject({ url: "/api/client/favorites", headers: d.headers });
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json() as FavoritesResponse).favorites.map((favorite) => favorite.restaurantId);
    expect(new Set(listed), `${this}`).toEqual(d.favorites);
  }
  toString = () => `toggleFavorite(#${this.pick}, ${this.dinnerOnly ? "dinner" : "allDay"})`;
}

/** A browser of the diner subscribes to Web Push at the world's push service (an allowed origin). */
export class SubscribePush implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => withRoomForABrowser(m).length > 0;
  async run(m: Model, w: World) {
    took("SubscribePush");
    const room = withRoomForABrowser(m);
    const d = m.diners[room[this.pick % room.length]!]!;
    const subscription = w.push!.subscribe();
    const res = await post(w.t.app, "/api/client/push/subscriptions", subscription, d.headers);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(201);
    d.pushEndpoints.push(subscription.endpoint);
  }
  toString = () => `subscribePush(#${this.pick})`;
}

/** Signs out, then in again with the password: the old token is refused at once, the new one works. */
export class SignOutAndIn implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => liveDiners(m).length > 0;
  async run(m: Model, w: World) {
    took("SignOutAndIn");
    const d = liveDiner(m, this.pick);
    const out = await w.t.app.inject({ method: "POST", url: "/api/client/logout", headers: d.headers, payload: {} });
    expectNo5xx(out, this.toString());
    expect(out.statusCode, out.body).toBe(200);
    const stale = await w.t.app.inject({ url: "/api/client/favorites", headers: d.headers });
    expect(stale.statusCode, `${this}: the signed-out token`).toBe(401);
    d.headers = bearer((await login(w.t.app, d.email)).token);
  }
  toString = () => `signOutAndIn(#${this.pick})`;
}

/** The owner's export says who they are now, what they saved and which browsers they subscribed. */
export function expectOwnProfileAndFavorites(m: Model, owner: number, body: string): void {
  const d = m.diners[owner]!;
  const data = JSON.parse(body) as AccountExport;
  expect(
    { email: data.profile.email, firstName: data.profile.firstName, lastName: data.profile.lastName },
    `export of diner ${owner}`,
  ).toEqual({ email: d.email, firstName: d.firstName, lastName: d.lastName });
  expect(new Set(data.favorites.map((favorite) => favorite.restaurantId)), `favourites of diner ${owner}`).toEqual(
    d.favorites,
  );
  expect(data.pushSubscriptions.length, `browsers of diner ${owner}`).toBe(d.pushEndpoints.length);
}

/**
 * An export holds its owner's data only: no other diner's names, addresses (but the ones the owner
 * had too: an address changes hands) or bookings, living or deleted.
 */
export function expectOnlyOwnData(m: Model, owner: number, body: string): void {
  const own = new Set(addressesOf(m.diners[owner]!));
  const othersBookings = [...m.tables.values(), ...m.offerBookings].filter((booking) => booking.diner !== owner);
  for (const [index, other] of m.diners.entries()) {
    if (index === owner) continue;
    const addresses = addressesOf(other).filter((address) => !own.has(address));
    const bookings = othersBookings.filter((booking) => booking.diner === index).map((b) => b.reservationId);
    for (const needle of [other.firstName, other.lastName, ...other.formerNames, ...addresses, ...bookings]) {
      expect(body.includes(needle), `export of diner ${owner} holds diner ${index}'s ${needle}`).toBe(false);
    }
  }
}
