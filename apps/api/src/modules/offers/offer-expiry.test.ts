import { describe, expect, it } from "vitest";
import type { LastMinuteListResponse, LastMinuteOfferResponse } from "@tavolo/shared/offers";
import { addOffer, bookOffer, createOfferFixture, get } from "../../../test/offer-helpers";
import { diner } from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";

/**
 * Offers close at bookUntil on the restaurant's wall clock (Europe/Rome), also on the two days a
 * year the clocks change. The app's clock is moved; the database keeps its own.
 */
let clock = new Date();
// Lists are cached for seconds (decision 009); this test moves the clock between two reads.
const t = useTestApp({ now: () => clock, env: { PUBLIC_CACHE_TTL_SECONDS: "0" } });
const f = useFixture(() => createOfferFixture(t));
const luca = useFixture(() => diner(t));

const offerAt = (id: string) =>
  get(t, `/api/client/getLastMinuteById/${id}`).then((res) => (res.json() as LastMinuteOfferResponse).offer);
const listed = async (id: string) =>
  ((await get(t, "/api/client/getLastMinuteByCity?city=milano")).json() as LastMinuteListResponse).offers.some(
    (offer) => offer.id === id,
  );

describe("expiry at bookUntil in Europe/Rome", () => {
  it("on the day clocks go forward, 03:30 is 01:30 UTC: bookable one second before, not at it", async () => {
    const id = await addOffer(t, {
      restaurantId: f.milano,
      date: "2026-03-29",
      bookUntil: "03:30",
      startTime: "12:00",
      endTime: "14:00",
      totalSeats: 4,
      source: "import",
    });
    clock = new Date("2026-03-29T01:29:00Z");
    expect(await offerAt(id)).toMatchObject({
      isExpired: false,
      isExpiring: true,
      timeRemainingMinutes: 1,
      expiresAt: "2026-03-29T01:30:00.000Z",
    });
    expect(await listed(id)).toBe(true);
    expect((await bookOffer(t, luca, { lastMinuteId: id, people: 1 })).statusCode).toBe(201);

    clock = new Date("2026-03-29T01:30:00Z");
    expect(await offerAt(id)).toMatchObject({ isExpired: true });
    expect(await listed(id)).toBe(false);
    // A server reading 03:30 as winter time would still take this booking at 01:45 UTC.
    clock = new Date("2026-03-29T01:45:00Z");
    const late = await bookOffer(t, luca, { lastMinuteId: id, people: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: "offer_expired" });
  });

  it("on the day clocks go back, 02:30 means the first 02:30 (00:30 UTC), not the repeated one", async () => {
    const id = await addOffer(t, {
      restaurantId: f.milano,
      date: "2026-10-25",
      bookUntil: "02:30",
      startTime: "12:00",
      endTime: "14:00",
      totalSeats: 4,
      source: "import",
    });
    clock = new Date("2026-10-25T00:29:00Z");
    expect((await bookOffer(t, luca, { lastMinuteId: id, people: 2 })).statusCode).toBe(201);
    // 01:15 UTC reads 02:15 on the wall the second time round: the deadline has nevertheless passed.
    clock = new Date("2026-10-25T01:15:00Z");
    expect(await offerAt(id)).toMatchObject({ isExpired: true, currentAvailableSeats: 2 });
    expect((await bookOffer(t, luca, { lastMinuteId: id, people: 1 })).json()).toMatchObject({ code: "offer_expired" });
  });

  it("on an ordinary evening, 21:00 in winter is 20:00 UTC to the second", async () => {
    const id = await addOffer(t, {
      restaurantId: f.milano,
      date: "2026-12-04",
      bookUntil: "21:00",
      startTime: "21:00",
      endTime: "23:00",
      totalSeats: 2,
      source: "import",
    });
    clock = new Date("2026-12-04T19:59:59Z");
    expect(await offerAt(id)).toMatchObject({ isExpired: false, timeRemainingMinutes: 0, isExpiring: true });
    clock = new Date("2026-12-04T20:00:00Z");
    expect((await bookOffer(t, luca, { lastMinuteId: id, people: 1 })).statusCode).toBe(409);
  });
});
