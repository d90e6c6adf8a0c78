import { afterAll, beforeAll, describe, it } from "vitest";
import { startApiProcesses, type ApiProcess } from "../../test/api-processes";
import {
  expectNoDoubleBooking,
  expectNoNegativeSeats,
  raceForLastSeats,
  raceForOneTable,
  type Send,
} from "../../test/booking-races";
import { addOffer, createOfferFixture, offerClosingIn, type OfferFixture } from "../../test/offer-helpers";
import { createBookingFixture, diner, romeDate, type BookingFixture, type Diner } from "../../test/reservation-helpers";
import { useTestApp } from "../../test/test-app";

/**
 * DESIGN §4 with the API scaled out: the same 50-way races as reservation-race and offer-race, the
 * contenders split between two API processes on one PostgreSQL database. Nothing in a process may
 * be what prevents a double booking or an oversold offer; only the database can.
 */
const ROUNDS = 20;
const SEATS = 3;

describe.skipIf(process.env.TAVOLO_TEST_DATABASE !== "postgres")("bookings across two API processes", () => {
  const t = useTestApp();
  let tables: BookingFixture;
  let offers: OfferFixture;
  let diners: Diner[];
  let processes: ApiProcess[] = [];
  /** Even contenders go to the first process, odd ones to the second. */
  const send: Send = (i, route, body, headers) => processes[i % processes.length]!.post(route, body, headers);

  beforeAll(async () => {
    tables = await createBookingFixture(t);
    offers = await createOfferFixture(t);
    diners = await Promise.all(Array.from({ length: 10 }, () => diner(t)));
    processes = await startApiProcesses(t, 2);
  });
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()));
  });

  it("let exactly one of 50 diners book one table, whichever process each one reached", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const tableNumber = 1 + (round % 3);
      const target = {
        restaurantId: tables.allDay.id,
        tableId: tables.allDay.tables[tableNumber]!,
        date: romeDate(1 + Math.floor(round / 3)),
      };
      await raceForOneTable(send, diners, target, `round ${round}`);
    }
    await expectNoDoubleBooking(t, ROUNDS);
  });

  it("sell exactly the 3 last seats of an offer to 50 diners spread over both processes", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const offerId = await addOffer(t, offerClosingIn(offers.milano, 60 + round, { totalSeats: SEATS }));
      await raceForLastSeats(t, send, diners, { id: offerId, seats: SEATS }, `round ${round}`);
    }
    await expectNoNegativeSeats(t);
  });
});
