import { describe, expect, it } from "vitest";
import { post } from "../../test/auth-helpers";
import { addOffer, bookOffer, createOfferFixture, get, offerClosingIn } from "../../test/offer-helpers";
import { createBookingFixture, diner, makeReservation, romeDate } from "../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../test/test-app";

/**
 * HTTP caching of public reads on the real app: ETag + 304, and no stale availability after a
 * booking or a cancellation made through this process (the cache keeps answers for seconds).
 */
const t = useTestApp();
const f = useFixture(async () => {
  const tables = await createBookingFixture(t);
  const offers = await createOfferFixture(t);
  const offerId = await addOffer(t, offerClosingIn(offers.milano, 120, { totalSeats: 6 }));
  return { tables, offers, offerId, giulia: await diner(t) };
});

interface TablesAnswer {
  tables: { id: string; isAvailable: boolean }[];
}
interface OfferList {
  offers: { id: string; currentAvailableSeats: number }[];
}

describe("public read cache", () => {
  it("answers a repeated read with its ETag 304, and the catalogue with max-age", async () => {
    const url = `/api/client/getRestaurantById/${f.tables.allDay.id}`;
    const first = await get(t, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=\d+$/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get(t, url, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("never shows a table free after it was booked here, and free again once cancelled", async () => {
    const date = romeDate(2);
    const tableId = f.tables.allDay.tables[2]!;
    const url = `/api/client/getAvailableTables/${f.tables.allDay.id}?date=${date}&time=20:00&people=2`;
    const isFree = async () =>
      ((await get(t, url)).json() as TablesAnswer).tables.find((x) => x.id === tableId)!.isAvailable;

    const before = await get(t, url);
    // Browsers must ask again every time: a booking changes the answer at once.
    expect(before.headers["cache-control"]).toBe("no-cache");
    expect((await get(t, url, { "if-none-match": String(before.headers.etag) })).statusCode).toBe(304);
    expect(await isFree()).toBe(true);

    const booked = await makeReservation(t, f.giulia, {
      restaurantId: f.tables.allDay.id,
      tableId,
      date,
      time: "20:00",
      numberOfPeople: 2,
    });
    expect(booked.statusCode).toBe(201);
    expect(await isFree()).toBe(false);
    // The old ETag no longer matches: the browser gets the new answer.
    expect((await get(t, url, { "if-none-match": String(before.headers.etag) })).statusCode).toBe(200);

    const id = (booked.json() as { reservation: { id: string } }).reservation.id;
    expect((await post(t.app, `/api/client/cancelReservation/${id}`, {}, f.giulia.headers)).statusCode).toBe(200);
    expect(await isFree()).toBe(true);
  });

  it("shows an offer's seats as they are after a Last Minute booking and after its cancellation", async () => {
    const url = "/api/client/getLastMinuteByCity?city=milano";
    const seats = async () =>
      ((await get(t, url)).json() as OfferList).offers.find((offer) => offer.id === f.offerId)!.currentAvailableSeats;
    expect(await seats()).toBe(6);

    const booked = await bookOffer(t, f.giulia, { lastMinuteId: f.offerId, people: 2 });
    expect(booked.statusCode).toBe(201);
    expect(await seats()).toBe(4);

    const id = (booked.json() as { reservation: { id: string } }).reservation.id;
    expect((await post(t.app, `/api/client/cancelReservation/${id}`, {}, f.giulia.headers)).statusCode).toBe(200);
    expect(await seats()).toBe(6);
  });
});
