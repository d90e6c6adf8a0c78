import { describe, expect, it } from "vitest";
import {
  availableLastMinuteQuerySchema,
  bookLastMinuteRequestSchema,
  lastMinuteByCityQuerySchema,
  offerDeadline,
  offerTimeLeft,
} from "./offers";

const ROME = "Europe/Rome";

describe("offerDeadline: bookUntil on the restaurant's wall clock", () => {
  it("is the instant Rome's clocks show it, in winter (+1) and in summer (+2)", () => {
    expect(offerDeadline("2026-01-15", "20:30", ROME).toISOString()).toBe("2026-01-15T19:30:00.000Z");
    expect(offerDeadline("2026-07-15", "20:30", ROME).toISOString()).toBe("2026-07-15T18:30:00.000Z");
  });

  it("on the day clocks go forward (29 March 2026), counts the short night right", () => {
    // 01:30 is still winter time, 03:30 already summer time: one real hour apart, not two.
    expect(offerDeadline("2026-03-29", "01:30", ROME).toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(offerDeadline("2026-03-29", "03:30", ROME).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 never shows on the clocks: the offer closes when they jump from 02:00 to 03:00.
    expect(offerDeadline("2026-03-29", "02:30", ROME).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(offerDeadline("2026-03-29", "20:00", ROME).toISOString()).toBe("2026-03-29T18:00:00.000Z");
  });

  it("on the day clocks go back (25 October 2026), closes at the first 02:30", () => {
    expect(offerDeadline("2026-10-25", "02:30", ROME).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(offerDeadline("2026-10-25", "20:00", ROME).toISOString()).toBe("2026-10-25T19:00:00.000Z");
  });
});

describe("offerTimeLeft", () => {
  const deadline = new Date("2026-03-29T18:00:00Z");
  it("is expiring under 30 minutes and expired from the deadline on", () => {
    expect(offerTimeLeft(deadline, new Date("2026-03-29T17:29:59Z"))).toEqual({
      ms: 1_801_000,
      expired: false,
      expiring: false,
    });
    expect(offerTimeLeft(deadline, new Date("2026-03-29T17:30:01Z"))).toMatchObject({ expired: false, expiring: true });
    expect(offerTimeLeft(deadline, deadline)).toEqual({ ms: 0, expired: true, expiring: false });
    expect(offerTimeLeft(deadline.toISOString(), deadline.getTime() + 1)).toMatchObject({ ms: 0, expired: true });
  });
});

describe("query schemas", () => {
  it("takes a radius from 1 to 50 km, 10 by default, and coordinates only in pairs", () => {
    expect(availableLastMinuteQuerySchema.parse({ lat: "45.46", lng: "9.19" })).toEqual({
      category: "all",
      lat: 45.46,
      lng: 9.19,
      radius: 10,
    });
    for (const radius of ["0", "0.5", "50.1", "x"])
      expect(availableLastMinuteQuerySchema.safeParse({ lat: "45", lng: "9", radius }).success, radius).toBe(false);
    expect(availableLastMinuteQuerySchema.safeParse({ lat: "45" }).success).toBe(false);
    expect(lastMinuteByCityQuerySchema.parse({ city: " Milano ", includeNearbyCities: "true" })).toMatchObject({
      city: "Milano",
      includeNearbyCities: true,
      radius: 10,
    });
  });
});

describe("bookLastMinute body", () => {
  const valid = { lastMinuteId: "6f1c1d0e-2b43-4c3e-9f6a-0d6c2f1b7a10", people: 2 };
  it('takes 1 to 10 people as a whole JSON number; the text "2" is refused', () => {
    expect(bookLastMinuteRequestSchema.parse(valid)).toEqual({ ...valid, notes: "" });
    for (const people of ["2", "02", 0, 11, 1.5, null, true]) {
      const issues = bookLastMinuteRequestSchema.safeParse({ ...valid, people }).error?.issues ?? [];
      expect(
        issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
        String(people),
      ).toEqual(["people: validation.people"]);
    }
  });
});
