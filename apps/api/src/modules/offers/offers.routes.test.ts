import { beforeAll, describe, expect, it } from "vitest";
import type { LastMinuteListResponse, LastMinuteOfferResponse } from "@tavolo/shared/offers";
import type { UserReservationsResponse } from "@tavolo/shared/reservations";
import { latestMail, post } from "../../../test/auth-helpers";
import { addOffer, bookOffer, createOfferFixture, get, offerClosingIn, seatsOf } from "../../../test/offer-helpers";
import { diner } from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";

const t = useTestApp();
const f = useFixture(() => createOfferFixture(t));
const giulia = useFixture(() => diner(t));
const offers: Record<string, string> = {};

beforeAll(async () => {
  offers.milanoSoon = await addOffer(t, offerClosingIn(f.milano, 20, { discountPercent: 20 }));
  offers.milanoLater = await addOffer(t, offerClosingIn(f.milano, 180, { totalSeats: 8 }));
  offers.monza = await addOffer(t, offerClosingIn(f.monza, 120));
  offers.bergamo = await addOffer(t, offerClosingIn(f.bergamo, 120));
  offers.milanoExpired = await addOffer(t, offerClosingIn(f.milano, -5));
});

const ids = (res: { json(): unknown }) => (res.json() as LastMinuteListResponse).offers.map((offer) => offer.id);
// Piazza del Duomo, Milano.
const DUOMO = { lat: 45.4642, lng: 9.19 };

describe("getAvailableLastMinute by GPS", () => {
  it("lists live offers within the radius, nearest first, with their distance (Monza ≈ 15 km inside 20 km)", async () => {
    const res = await get(t, `/api/client/getAvailableLastMinute?lat=${DUOMO.lat}&lng=${DUOMO.lng}&radius=20`);
    expect(res.statusCode).toBe(200);
    const list = (res.json() as LastMinuteListResponse).offers;
    // The two Milano offers share a restaurant on the Duomo (0 km), then Monza.
    expect(new Set(list.slice(0, 2).map((offer) => offer.id))).toEqual(
      new Set([offers.milanoSoon, offers.milanoLater]),
    );
    expect(list.map((offer) => offer.id)).toHaveLength(3);
    expect(list[2]!.id).toBe(offers.monza);
    const monza = list.find((offer) => offer.id === offers.monza)!;
    expect(monza.distanceKm).toBeGreaterThan(14);
    expect(monza.distanceKm).toBeLessThan(16);
    expect(list[0]!.distanceKm).toBeLessThan(0.1);
  });

  it("leaves Bergamo (≈ 46 km between the centres) out of 20 km and takes it in at 50 km", async () => {
    const near = ids(await get(t, `/api/client/getAvailableLastMinute?lat=${DUOMO.lat}&lng=${DUOMO.lng}&radius=20`));
    expect(near).not.toContain(offers.bergamo);
    const far = await get(t, `/api/client/getAvailableLastMinute?lat=${DUOMO.lat}&lng=${DUOMO.lng}&radius=50`);
    const bergamo = (far.json() as LastMinuteListResponse).offers.find((offer) => offer.id === offers.bergamo);
    expect(bergamo?.distanceKm).toBeGreaterThan(44);
    expect(bergamo?.distanceKm).toBeLessThan(48);
    expect(ids(far).at(-1)).toBe(offers.bergamo);
  });

  it("filters by category and never lists an expired offer", async () => {
    const fish = ids(
      await get(t, `/api/client/getAvailableLastMinute?lat=${DUOMO.lat}&lng=${DUOMO.lng}&radius=50&category=pesce`),
    );
    expect(fish).toEqual([offers.monza]);
    const everywhere = ids(await get(t, "/api/client/getAvailableLastMinute"));
    expect(everywhere).not.toContain(offers.milanoExpired);
    // Without coordinates: everything live, most urgent first.
    expect(everywhere[0]).toBe(offers.milanoSoon);
  });

  it.each([
    ["lat=45.46&lng=9.19&radius=0", "Il raggio deve essere tra 1 e 50 km"],
    ["lat=45.46&lng=9.19&radius=51", "Il raggio deve essere tra 1 e 50 km"],
    ["lat=45.46&lng=9.19&radius=ten", "Il raggio deve essere tra 1 e 50 km"],
    ["lat=45.46", "Coordinate non valide: indica sia la latitudine sia la longitudine"],
    ["lat=95&lng=9", "Coordinate non valide: indica sia la latitudine sia la longitudine"],
    ["lat=45.46&lng=9.19&category=kebab", "Categoria di cucina non valida"],
  ])("answers 400 with a clear message for ?%s", async (query, message) => {
    const res = await get(t, `/api/client/getAvailableLastMinute?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message });
  });
});

describe("getLastMinuteByCity", () => {
  it("lists the city's live offers, most urgent first, in SPEC §3 fields", async () => {
    const res = await get(t, "/api/client/getLastMinuteByCity?city=Milan", { "accept-language": "en" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as LastMinuteListResponse;
    expect(body.offers.map((offer) => offer.id)).toEqual([offers.milanoSoon, offers.milanoLater]);
    expect(body.city).toMatchObject({ slug: "milano", name: "Milan" });
    expect(body.nearbyCities).toEqual([]);
    const soon = body.offers[0]!;
    expect(soon).toMatchObject({
      restaurantName: "Trattoria del Duomo",
      restaurantImageUrl: "/images/restaurants/italiano-1.svg",
      categories: ["italiano", "carne"],
      currentAvailableSeats: 6,
      totalSeats: 6,
      isExpiring: true,
      isExpired: false,
      discountPercent: 20,
      city: "Milan",
    });
    expect(soon.bookUntil).toMatch(/^\d{2}:\d{2}$/);
    expect(soon.formattedDate).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+$/);
    expect(soon.timeRemainingMinutes).toBeGreaterThanOrEqual(18);
    expect(soon.timeRemainingMinutes).toBeLessThanOrEqual(20);
    expect(body.offers[1]!.isExpiring).toBe(false);
  });

  it("adds the cities within the radius of its centre when asked", async () => {
    const near = await get(t, "/api/client/getLastMinuteByCity?city=milano&includeNearbyCities=true&radius=20");
    const body = near.json() as LastMinuteListResponse;
    expect(body.offers.map((offer) => offer.id)).toEqual([offers.milanoSoon, offers.milanoLater, offers.monza]);
    expect(body.nearbyCities).toEqual([{ slug: "monza", name: "Monza", distanceKm: expect.closeTo(14.9, 0) }]);
    const wide = ids(await get(t, "/api/client/getLastMinuteByCity?city=milano&includeNearbyCities=true&radius=50"));
    expect(wide).toContain(offers.bergamo);
    const off = ids(await get(t, "/api/client/getLastMinuteByCity?city=milano&includeNearbyCities=false&radius=50"));
    expect(off).not.toContain(offers.monza);
  });

  it("asks for a city, refuses a bad radius and names an unknown city", async () => {
    expect((await get(t, "/api/client/getLastMinuteByCity")).json()).toMatchObject({ error: "Inserisci una città" });
    expect((await get(t, "/api/client/getLastMinuteByCity?city=milano&radius=60")).statusCode).toBe(400);
    expect((await get(t, "/api/client/getLastMinuteByCity?city=milano&includeNearbyCities=maybe")).statusCode).toBe(
      400,
    );
    const unknown = await get(t, "/api/client/getLastMinuteByCity?city=Atlantide");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "city_not_found" });
  });
});

describe("getLastMinuteById", () => {
  it("says when an offer has expired, and 404s an unknown one", async () => {
    const expired = (
      await get(t, `/api/client/getLastMinuteById/${offers.milanoExpired}`)
    ).json() as LastMinuteOfferResponse;
    expect(expired.offer).toMatchObject({ isExpired: true, isExpiring: false, timeRemainingMinutes: 0 });
    const missing = await get(t, "/api/client/getLastMinuteById/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect((await get(t, "/api/client/getLastMinuteById/not-a-uuid")).statusCode).toBe(400);
  });
});

describe("bookLastMinute", () => {
  it("needs a signed-in diner", async () => {
    const res = await post(t.app, "/api/client/bookLastMinute", { lastMinuteId: offers.milanoLater, people: 2 });
    expect(res.statusCode).toBe(401);
    expect((await seatsOf(t, offers.milanoLater!)).available).toBe(8);
  });

  it("books seats: 201, seats drop, the booking is in the history with a confirmation mail, cancel gives them back", async () => {
    const res = await bookOffer(t, giulia, {
      lastMinuteId: offers.milanoLater,
      people: 3,
      notes: "Vicino alla finestra",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as {
      reservation: { id: string; kind: string; lastMinuteId: string; tableNumber: null };
      offer: { currentAvailableSeats: number };
    };
    expect(body).toMatchObject({ success: true, message: "Offerta Last Minute prenotata!" });
    expect(body.reservation).toMatchObject({
      kind: "lastMinute",
      lastMinuteId: offers.milanoLater,
      tableNumber: null,
      numberOfPeople: 3,
      status: "confirmed",
      specialRequests: "Vicino alla finestra",
    });
    expect(body.offer.currentAvailableSeats).toBe(5);
    expect(await seatsOf(t, offers.milanoLater!)).toEqual({ available: 5, booked: 3, total: 8 });

    const history = (
      await get(t, `/api/client/getUserReservations/${giulia.userId}`, giulia.headers)
    ).json() as UserReservationsResponse;
    // The answer is made before the booking is written (decision 074): it must be the booking as it
    // reads back, and its offer the offer as it reads back.
    expect(history.reservations.find((r) => r.id === body.reservation.id)).toEqual(body.reservation);
    const offer = (await get(t, `/api/client/getLastMinuteById/${offers.milanoLater}`)).json() as {
      offer: Record<string, unknown>;
    };
    expect({ ...body.offer, timeRemainingMinutes: 0 }).toEqual({ ...offer.offer, timeRemainingMinutes: 0 });

    await t.app.inject({ method: "GET", url: "/api/health" });
    const mail = await latestMail(t.app, giulia.email, "reservation-booked");
    expect(mail.text).toContain("Trattoria del Duomo");
    expect(mail.text).toContain("Last Minute");

    const cancel = await post(t.app, `/api/client/cancelReservation/${body.reservation.id}`, {}, giulia.headers);
    expect(cancel.statusCode).toBe(200);
    expect(await seatsOf(t, offers.milanoLater!)).toEqual({ available: 8, booked: 0, total: 8 });
    // A second cancel changes nothing.
    await post(t.app, `/api/client/cancelReservation/${body.reservation.id}`, {}, giulia.headers);
    expect((await seatsOf(t, offers.milanoLater!)).available).toBe(8);
  });

  it("takes the caller's own userId in the body, and refuses anyone else's with 403, changing nothing", async () => {
    const other = await diner(t);
    const res = await bookOffer(t, giulia, { userId: other.userId, lastMinuteId: offers.milanoSoon, people: 2 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: "forbidden" });
    expect((await seatsOf(t, offers.milanoSoon!)).available).toBe(6);
    const history = (await get(t, `/api/client/getUserReservations/${other.userId}`, other.headers)).json();
    expect(history.reservations).toEqual([]);

    const own = await bookOffer(t, giulia, { userId: giulia.userId, lastMinuteId: offers.bergamo, people: 1 });
    expect(own.statusCode).toBe(201);
  });

  it("answers 409 for an expired offer and for more seats than are left, and changes nothing", async () => {
    const expired = await bookOffer(t, giulia, { lastMinuteId: offers.milanoExpired, people: 1 });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({
      code: "offer_expired",
      error: "Questa offerta è scaduta: non è più prenotabile",
    });
    const tooMany = await bookOffer(t, giulia, { lastMinuteId: offers.monza, people: 7 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      code: "offer_sold_out",
      availableSeats: 6,
      error: "Sono rimasti solo 6 posti per questa offerta",
    });
    expect(await seatsOf(t, offers.monza!)).toEqual({ available: 6, booked: 0, total: 6 });
    expect((await bookOffer(t, giulia, { lastMinuteId: offers.monza, people: 6 })).statusCode).toBe(201);
    const soldOut = await bookOffer(t, giulia, { lastMinuteId: offers.monza, people: 1 });
    expect(soldOut.json()).toMatchObject({ code: "offer_sold_out", error: "Posti esauriti per questa offerta" });
    // A sold-out offer leaves the lists.
    expect(ids(await get(t, "/api/client/getAvailableLastMinute"))).not.toContain(offers.monza);
  });

  it.each([
    [{ people: 0 }, "Il numero di persone deve essere tra 1 e 10"],
    [{ people: 11 }, "Il numero di persone deve essere tra 1 e 10"],
    [{ people: "2" }, "Il numero di persone deve essere tra 1 e 10"],
    [{ people: 2, notes: "x".repeat(501) }, "Le note possono contenere al massimo 500 caratteri"],
    [{ people: 2, lastMinuteId: "nope" }, "ID offerta non valido"],
  ])("answers 400 for %o", async (overrides, message) => {
    const res = await bookOffer(t, giulia, { lastMinuteId: offers.milanoSoon, ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message });
    expect((await seatsOf(t, offers.milanoSoon!)).available).toBe(6);
  });

  it("replays the first answer for a retry with the same Idempotency-Key, and refuses the key for another request", async () => {
    const key = { "idempotency-key": "offer-retry-1" };
    const first = await bookOffer(t, giulia, { lastMinuteId: offers.milanoSoon, people: 2 }, key);
    const again = await bookOffer(t, giulia, { lastMinuteId: offers.milanoSoon, people: 2 }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await seatsOf(t, offers.milanoSoon!)).toEqual({ available: 4, booked: 2, total: 6 });
    const other = await bookOffer(t, giulia, { lastMinuteId: offers.milanoSoon, people: 1 }, key);
    expect(other.statusCode).toBe(422);
  });
});
