import { describe, expect, it } from "vitest";
import type { AvailableSlotsResponse, SearchRestaurantsResponse } from "@tavolo/shared/restaurants";
import { addDays } from "@tavolo/shared/dates";
import { useFixture, useTestApp } from "../../../test/test-app";
import {
  createBookingFixture,
  diner,
  makeReservation,
  nextWeekday,
  romeDate,
  tableRequest,
} from "../../../test/reservation-helpers";

/**
 * A search for a table (decision 024) over the two fixture restaurants of Milan: the
 * Trattoria open all day (tables for 2, 4 and 6; the one for 8 out of service) and the Osteria
 * serving dinner 19:00–23:00 (last seating 21:30), closed on Monday (tables for 4 and 2). Both
 * are rated 4.5, so the Osteria comes first by name when slots do not decide.
 */
const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));
const mario = useFixture(() => diner(t));

const TUESDAY = nextWeekday(2);
const search = async (query: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: "GET", url: `/api/client/searchRestaurantsByLocation?${query}`, headers });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as SearchRestaurantsResponse;
};
/** Restaurant id → its slots, in the answer's order. */
const slotsOf = (answer: SearchRestaurantsResponse) =>
  answer.restaurants.map((restaurant) => [restaurant.id, restaurant.availableSlots]);
const forTable = (date: string, time: string, people: number) =>
  `location=milano&date=${date}&time=${time}&people=${people}`;

describe("searchRestaurantsByLocation for a date, time and party", () => {
  it("answers as before without all three, and lists up to 5 free times nearest the asked one with them", async () => {
    const plain = await search("location=milano");
    expect(plain.restaurants.map((restaurant) => restaurant.id)).toEqual([f.dinner.id, f.allDay.id]);
    expect(plain.restaurants.every((restaurant) => !("availableSlots" in restaurant))).toBe(true);
    // One or two of them alone change nothing.
    expect(await search(`location=milano&date=${TUESDAY}&people=2`)).toEqual(plain);

    const answer = await search(forTable(TUESDAY, "20:30", 2));
    expect(slotsOf(answer)).toEqual([
      [f.dinner.id, ["20:00", "20:15", "20:30", "20:45", "21:00"]],
      [f.allDay.id, ["20:00", "20:15", "20:30", "20:45", "21:00"]],
    ]);
    // Near the end of the service the nearest free times are all before it.
    expect(slotsOf(await search(forTable(TUESDAY, "22:00", 2)))[0]).toEqual([
      f.dinner.id,
      ["20:30", "20:45", "21:00", "21:15", "21:30"],
    ]);
  });

  it("keeps to ±90 minutes of the asked time, and puts restaurants with a free time first", async () => {
    // 19:00 is 90 minutes after 17:30: listed; 105 after 17:15: not.
    expect(slotsOf(await search(forTable(TUESDAY, "17:30", 2)))).toEqual([
      [f.dinner.id, ["19:00"]],
      [f.allDay.id, ["17:00", "17:15", "17:30", "17:45", "18:00"]],
    ]);
    expect(slotsOf(await search(forTable(TUESDAY, "17:15", 2)))).toEqual([
      [f.allDay.id, ["16:45", "17:00", "17:15", "17:30", "17:45"]],
      [f.dinner.id, []],
    ]);
  });

  it("keeps nearest first around a position and by distance: free times do not reorder it", async () => {
    // Standing at the Osteria, which has no free time at 17:15: it is still listed first, before
    // the all-day Trattoria that has one, since the list says it is nearest first. The fixture puts
    // both on one spot (a tie the order settles by id, at random), so the Trattoria moves 1 km north.
    const osteria = (await search("location=milano")).restaurants.find((restaurant) => restaurant.id === f.dinner.id)!;
    const moveTrattoria = (lat: number) =>
      t.database.db.updateTable("restaurants").set({ lat }).where("id", "=", f.allDay.id).execute();
    await moveTrattoria(osteria.lat + 0.01);
    try {
      const here = `lat=${osteria.lat}&lng=${osteria.lng}`;
      const table = forTable(TUESDAY, "17:15", 2).slice("location=milano&".length);
      for (const query of [`${here}&radius=50&${table}`, `location=milano&${here}&sort=distance&${table}`]) {
        expect(slotsOf(await search(query)), query).toEqual([
          [f.dinner.id, []],
          [f.allDay.id, ["16:45", "17:00", "17:15", "17:30", "17:45"]],
        ]);
      }
    } finally {
      await moveTrattoria(osteria.lat);
    }
  });

  it("offers nothing on a closed day nor to a party no table in service seats", async () => {
    const monday = nextWeekday(1);
    expect(slotsOf(await search(forTable(monday, "20:00", 2)))).toEqual([
      [f.allDay.id, ["19:30", "19:45", "20:00", "20:15", "20:30"]],
      [f.dinner.id, []],
    ]);
    // The Osteria seats at most 4; the Trattoria 6 (its table for 8 is out of service).
    expect(slotsOf(await search(forTable(TUESDAY, "20:00", 6)))).toEqual([
      [f.allDay.id, ["19:30", "19:45", "20:00", "20:15", "20:30"]],
      [f.dinner.id, []],
    ]);
    expect(slotsOf(await search(forTable(TUESDAY, "20:00", 7)))).toEqual([
      [f.dinner.id, []],
      [f.allDay.id, []],
    ]);
  });

  it("says when a restaurant closed at the asked moment opens next, never of one that is only full", async () => {
    const osteria = (answer: SearchRestaurantsResponse) =>
      answer.restaurants.find((restaurant) => restaurant.id === f.dinner.id)!;
    const monday = nextWeekday(1);
    // Closed all Monday: it opens again on Tuesday at its first seating.
    expect(osteria(await search(forTable(monday, "20:00", 2))).nextOpening).toEqual({
      date: addDays(monday, 1),
      time: "19:00",
    });
    // Before its dinner on an open day: it opens that evening.
    expect(osteria(await search(forTable(TUESDAY, "17:15", 2))).nextOpening).toEqual({ date: TUESDAY, time: "19:00" });
    // Both closed late on Tuesday, each opening next by its own hours (not the first one's answer).
    const late = await search(forTable(TUESDAY, "23:50", 2));
    const wednesday = addDays(TUESDAY, 1);
    expect(late.restaurants.map((restaurant) => [restaurant.id, restaurant.nextOpening])).toEqual(
      expect.arrayContaining([
        [f.dinner.id, { date: wednesday, time: "19:00" }],
        [f.allDay.id, { date: wednesday, time: "00:00" }],
      ]),
    );
    // Open but with no table for seven: full, not closed.
    expect(osteria(await search(forTable(TUESDAY, "20:00", 7)))).not.toHaveProperty("nextOpening");
    // With free times, and on a past date (the page says it is past), nothing either.
    expect(osteria(await search(forTable(TUESDAY, "20:00", 2)))).not.toHaveProperty("nextOpening");
    expect(osteria(await search(forTable(romeDate(-1), "20:00", 2)))).not.toHaveProperty("nextOpening");
  });

  it("sorts by the soonest free time, by rating, and by distance from a position", async () => {
    expect(slotsOf(await search(`${forTable(TUESDAY, "19:00", 2)}&sort=soonest`))).toEqual([
      [f.allDay.id, ["18:30", "18:45", "19:00", "19:15", "19:30"]],
      [f.dinner.id, ["19:00", "19:15", "19:30", "19:45", "20:00"]],
    ]);
    expect((await search("location=milano&sort=rating")).restaurants.map((restaurant) => restaurant.id)).toEqual([
      f.dinner.id,
      f.allDay.id,
    ]);
    const nearby = await search("location=milano&lat=45.47&lng=9.2&sort=distance");
    expect(nearby.restaurants.map((restaurant) => restaurant.distanceKm)).toEqual([
      expect.any(Number),
      expect.any(Number),
    ]);
    const gps = await search(`lat=45.47&lng=9.2&radius=5&sort=rating&${forTable(TUESDAY, "20:00", 2).slice(15)}`);
    expect(gps.city).toBeNull();
    expect(gps.restaurants.map((restaurant) => restaurant.availableSlots?.length)).toEqual([5, 5]);
  });

  it("answers bad input with a translated 400", async () => {
    const cases: [string, string][] = [
      ["location=milano&sort=distance", "Per ordinare per distanza serve la tua posizione"],
      ["location=milano&sort=soonest", "Per ordinare per primo orario libero indica data, ora e persone"],
      ["location=milano&sort=best", "Ordinamento non valido (relevance, distance, rating o soonest)"],
      [forTable(TUESDAY, "20:00", 11), "Il numero di persone deve essere tra 1 e 10"],
      [forTable(TUESDAY, "25:00", 2), "Orario non valido (usa il formato HH:MM)"],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: "GET", url: `/api/client/searchRestaurantsByLocation?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe(message);
    }
    const english = await t.app.inject({
      method: "GET",
      url: "/api/client/searchRestaurantsByLocation?location=milano&sort=distance",
      headers: { "accept-language": "en" },
    });
    expect(english.statusCode).toBe(400);
    expect(english.json().error).toBe("Sorting by distance needs your position");
  });

  it("lists a slot that can be booked, and drops it once the last table that fits is taken", async () => {
    const date = nextWeekday(3);
    // A party of 3 fits only the Osteria's table 1 (for 4).
    const before = await search(forTable(date, "20:30", 3));
    expect(slotsOf(before)[0]).toEqual([f.dinner.id, ["20:00", "20:15", "20:30", "20:45", "21:00"]]);
    const booked = await makeReservation(t, mario, tableRequest(f.dinner, 1, date, "20:30", 3));
    expect(booked.statusCode, booked.body).toBe(201);
    // Booked 20:30–22:00: every seating that overlaps it is gone; 19:00 ends as it starts.
    const after = await search(forTable(date, "20:30", 3));
    expect(slotsOf(after)).toEqual([
      [f.dinner.id, ["19:00"]],
      [f.allDay.id, ["20:00", "20:15", "20:30", "20:45", "21:00"]],
    ]);
    // A party of 2 still has the Osteria's table 2.
    expect(slotsOf(await search(forTable(date, "20:30", 2)))[0]![1]).toContain("20:30");
  });
});

describe("getAvailableSlots", () => {
  const slots = async (id: string, query: string, status = 200) => {
    const res = await t.app.inject({ method: "GET", url: `/api/client/getAvailableSlots/${id}?${query}` });
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as AvailableSlotsResponse & { error?: string };
  };

  it("gives every bookable start time of the day for the party", async () => {
    const date = nextWeekday(4);
    const all = ["19:00", "19:15", "19:30", "19:45", "20:00", "20:15", "20:30", "20:45", "21:00", "21:15", "21:30"];
    expect(await slots(f.dinner.id, `date=${date}&people=4`)).toEqual({ success: true, date, people: 4, slots: all });
    const booked = await makeReservation(t, mario, tableRequest(f.dinner, 1, date, "19:00", 4));
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await slots(f.dinner.id, `date=${date}&people=4`)).slots).toEqual(all.slice(6));
    // Table 2 is still free for two all evening.
    expect((await slots(f.dinner.id, `date=${date}&people=2`)).slots).toEqual(all);
    expect((await slots(f.dinner.id, `date=${date}`)).slots).toEqual(all);
    // The times the restaurant page's table picker offers are the same.
    const tables = await t.app.inject(`/api/client/getAvailableTables/${f.dinner.id}?date=${date}&people=4`);
    expect(tables.json().slots).toEqual(all.slice(6));
    expect((await slots(f.dinner.id, `date=${date}&people=5`)).slots).toEqual([]);
    expect((await slots(f.dinner.id, `date=${nextWeekday(1)}&people=2`)).slots).toEqual([]);
  });

  it("answers an unknown restaurant, a past date or a bad party with a translated 4xx", async () => {
    expect((await slots("00000000-0000-4000-8000-000000000000", "people=2", 404)).error).toBe("Ristorante non trovato");
    await slots(f.dinner.id, `date=${romeDate(-1)}&people=2`, 400);
    await slots(f.dinner.id, `date=${romeDate(1)}&people=0`, 400);
    await slots(f.dinner.id, "date=2026-02-30", 400);
  });
});
