import { describe, expect, it } from "vitest";
import { addDays, instantOfWallClock, minutesOfDay, wallClockOf } from "./dates";
import type { OpeningHours } from "./opening-hours";
import {
  checkSeating,
  daySeatings,
  hoursOn,
  nearestTimes,
  nextDateWithSeatings,
  nextSeatingAfter,
  openSeatings,
  overlaps,
  openSeatingsNear,
} from "./reservation-slots";

const ROME = "Europe/Rome";
const dinner = { open: "19:00", close: "23:30" };
/** Closed on Monday; dinner on the other days. */
const week: OpeningHours = {
  monday: null,
  tuesday: dinner,
  wednesday: dinner,
  thursday: dinner,
  friday: dinner,
  saturday: dinner,
  sunday: dinner,
};
/** A night venue, so that the hour the clocks change falls inside the service. */
const night = { open: "00:00", close: "06:00" };
const nightWeek: OpeningHours = {
  monday: night,
  tuesday: night,
  wednesday: night,
  thursday: night,
  friday: night,
  saturday: night,
  sunday: night,
};
const longAgo = new Date("2000-01-01T00:00:00Z");
const iso = (date: Date) => date.toISOString();

describe("wall clock and instants", () => {
  it("converts Rome's wall clock both ways, winter and summer", () => {
    expect(iso(instantOfWallClock("2026-01-15", "19:00", ROME)!)).toBe("2026-01-15T18:00:00.000Z");
    expect(iso(instantOfWallClock("2026-07-15", "19:00", ROME)!)).toBe("2026-07-15T17:00:00.000Z");
    expect(wallClockOf(new Date("2026-07-15T22:30:00Z"), ROME)).toEqual({ date: "2026-07-16", time: "00:30" });
    expect(wallClockOf(new Date("2026-01-15T23:00:00Z"), ROME)).toEqual({ date: "2026-01-16", time: "00:00" });
  });

  it("reads one instant asked again, in any zone, as that zone's clock (the recent answers, decision 060)", () => {
    const at = new Date("2026-07-15T22:30:00Z");
    for (let round = 0; round < 3; round++) {
      expect(wallClockOf(at, ROME)).toEqual({ date: "2026-07-16", time: "00:30" });
      expect(wallClockOf(at, "America/New_York")).toEqual({ date: "2026-07-15", time: "18:30" });
      expect(wallClockOf(new Date(at.getTime() + 60_000), ROME)).toEqual({ date: "2026-07-16", time: "00:31" });
    }
    // Within one minute (the clock's reading) the answer is the same; the next minute reads anew.
    expect(wallClockOf(new Date(at.getTime() + 59_999), ROME)).toEqual({ date: "2026-07-16", time: "00:30" });
    expect(wallClockOf(new Date(at.getTime() - 1), ROME)).toEqual({ date: "2026-07-16", time: "00:29" });
    // Each answer is the caller's own: changing one does not change the next.
    wallClockOf(at, ROME).time = "99:99";
    expect(wallClockOf(at, ROME).time).toBe("00:30");
    expect(() => wallClockOf(new Date(Number.NaN), ROME)).toThrow(RangeError);
  });

  it("has no 02:30 on 2026-03-29 (clocks go forward) and reads the repeated 02:30 of 2026-10-25 once", () => {
    expect(instantOfWallClock("2026-03-29", "02:30", ROME)).toBeNull();
    expect(iso(instantOfWallClock("2026-03-29", "02:30", ROME, { inGap: "later" })!)).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 happens at 00:30Z (summer time) and again at 01:30Z: the first one.
    expect(iso(instantOfWallClock("2026-10-25", "02:30", ROME)!)).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(instantOfWallClock("2026-10-25", "03:00", ROME)!)).toBe("2026-10-25T02:00:00.000Z");
  });

  it("reads a clock time as minutes of the day, with or without a leading zero", () => {
    expect(["00:00", "09:05", "19:45", "23:59", "9:30", "7"].map(minutesOfDay)).toEqual([0, 545, 1185, 1439, 570, 420]);
    expect(minutesOfDay("ab:cd")).toBeNaN();
  });

  it("adds calendar days across month, year and DST changes", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });
});

describe("seatings of a day", () => {
  it("are the quarter hours from opening to closing − 90 minutes", () => {
    const times = daySeatings(week, ROME, "2026-06-10").map((s) => s.time);
    expect(times[0]).toBe("19:00");
    expect(times.at(-1)).toBe("22:00");
    expect(times).toHaveLength(13);
    expect(times).not.toContain("19:07");
  });

  it("start at the first quarter hour after an odd opening time", () => {
    const odd: OpeningHours = { ...week, wednesday: { open: "12:10", close: "15:00" } };
    expect(daySeatings(odd, ROME, "2026-06-10").map((s) => s.time)).toEqual([
      "12:15",
      "12:30",
      "12:45",
      "13:00",
      "13:15",
      "13:30",
    ]);
  });

  it("do not exist on a closed day", () => {
    expect(hoursOn(week, "2026-06-08")).toBeNull(); // a Monday
    expect(daySeatings(week, ROME, "2026-06-08")).toEqual([]);
  });

  it("keep their wall-clock times on both DST days, with the instants of the new offset", () => {
    for (const [before, change, offsetBefore, offsetAfter] of [
      ["2026-03-28", "2026-03-29", 1, 2],
      ["2026-10-24", "2026-10-25", 2, 1],
    ] as const) {
      const day = daySeatings(week, ROME, change);
      expect(day.map((s) => s.time)).toEqual(daySeatings(week, ROME, before).map((s) => s.time));
      expect(iso(day[0]!.startsAt)).toBe(`${change}T${String(19 - offsetAfter).padStart(2, "0")}:00:00.000Z`);
      const dayBefore = daySeatings(week, ROME, before)[0]!;
      expect(iso(dayBefore.startsAt)).toBe(`${before}T${String(19 - offsetBefore).padStart(2, "0")}:00:00.000Z`);
      for (const seating of day) expect(seating.endsAt.getTime() - seating.startsAt.getTime()).toBe(90 * 60_000);
    }
  });

  it("skip the hour that does not exist when clocks go forward (2026-03-29)", () => {
    const times = daySeatings(nightWeek, ROME, "2026-03-29").map((s) => s.time);
    expect(times).not.toContain("02:00");
    expect(times).not.toContain("02:45");
    expect(times).toContain("03:00");
    // Closing at 06:00 summer time: the last seating still ends exactly then.
    expect(times.at(-1)).toBe("04:30");
    const last = daySeatings(nightWeek, ROME, "2026-03-29").at(-1)!;
    expect(iso(last.endsAt)).toBe("2026-03-29T04:00:00.000Z");
  });

  it("offer the repeated hour once when clocks go back (2026-10-25), seatings lasting 90 real minutes", () => {
    const day = daySeatings(nightWeek, ROME, "2026-10-25");
    const times = day.map((s) => s.time);
    expect(times.filter((time) => time === "02:30")).toHaveLength(1);
    expect(times.at(-1)).toBe("04:30");
    const half = day.find((s) => s.time === "01:30")!;
    // 01:30 summer time + 90 minutes = 02:00 winter time (the clock went back meanwhile).
    expect(iso(half.endsAt)).toBe("2026-10-25T01:00:00.000Z");
    expect(wallClockOf(half.endsAt, ROME).time).toBe("02:00");
  });

  it("hide those that already started", () => {
    const now = new Date("2026-06-10T18:20:00Z"); // 20:20 in Rome
    expect(openSeatings(week, ROME, "2026-06-10", now)[0]!.time).toBe("20:30");
  });
});

describe("checking a requested seating", () => {
  const now = new Date("2026-06-10T10:00:00Z"); // a Wednesday, 12:00 in Rome
  const check = (date: string, time: string, at = now) => checkSeating(week, ROME, date, time, at);

  it("accepts an open quarter hour in the future", () => {
    const result = check("2026-06-10", "20:15");
    expect(result.ok && iso(result.seating.startsAt)).toBe("2026-06-10T18:15:00.000Z");
  });

  it("names what is wrong otherwise", () => {
    expect(check("2026-06-09", "20:00")).toEqual({ ok: false, problem: "dateInPast" });
    expect(check("2026-09-09", "20:00")).toEqual({ ok: false, problem: "dateTooFar" });
    expect(check("2026-06-15", "20:00")).toEqual({ ok: false, problem: "closed" });
    expect(check("2026-06-10", "19:07")).toEqual({ ok: false, problem: "notASlot" });
    expect(check("2026-06-10", "22:15")).toEqual({ ok: false, problem: "notASlot" }); // ends after closing
    expect(check("2026-06-10", "18:45")).toEqual({ ok: false, problem: "notASlot" }); // before opening
    expect(check("2026-06-10", "19:00", new Date("2026-06-10T17:00:00Z"))).toEqual({
      ok: false,
      problem: "timeInPast",
    });
    expect(checkSeating(nightWeek, ROME, "2026-03-29", "02:15", longAgo).ok).toBe(false);
  });

  it("reads 'today' on the restaurant's clock", () => {
    // 23:30 UTC on 9 June is already 10 June in Rome.
    const lateUtc = new Date("2026-06-09T23:30:00Z");
    expect(check("2026-06-10", "19:00", lateUtc).ok).toBe(true);
    expect(check("2026-06-09", "22:00", lateUtc)).toEqual({ ok: false, problem: "dateInPast" });
  });
});

describe("overlap", () => {
  const at = (time: string) => {
    const startsAt = instantOfWallClock("2026-06-10", time, ROME)!;
    return { startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) };
  };
  it("lets one seating end as the next starts", () => {
    expect(overlaps(at("19:00"), at("20:30"))).toBe(false);
    expect(overlaps(at("19:00"), at("20:15"))).toBe(true);
    expect(overlaps(at("20:15"), at("19:00"))).toBe(true);
  });
});

describe("nextDateWithSeatings", () => {
  // Tuesday 2026-06-09, Rome (UTC+2).
  const tuesdayAfternoon = new Date("2026-06-09T14:00:00Z");
  const tuesdayLate = new Date("2026-06-09T21:30:00Z"); // 23:30: tonight's last seating (22:00) is gone

  it("is today while a seating is still to come", () => {
    expect(nextDateWithSeatings(week, ROME, "2026-06-09", tuesdayAfternoon)).toBe("2026-06-09");
  });

  it("moves to tomorrow once tonight is over, and skips a closed day", () => {
    expect(nextDateWithSeatings(week, ROME, "2026-06-09", tuesdayLate)).toBe("2026-06-10");
    // From Monday 2026-06-15 (closed) the next open day is Tuesday.
    expect(nextDateWithSeatings(week, ROME, "2026-06-15", tuesdayAfternoon)).toBe("2026-06-16");
  });

  it("never answers a day before today, and null when the restaurant never opens", () => {
    expect(nextDateWithSeatings(week, ROME, "2026-06-01", tuesdayAfternoon)).toBe("2026-06-09");
    const closed: OpeningHours = Object.fromEntries(Object.keys(week).map((day) => [day, null])) as OpeningHours;
    expect(nextDateWithSeatings(closed, ROME, "2026-06-09", tuesdayAfternoon)).toBeNull();
  });
});

describe("nextSeatingAfter", () => {
  const tuesdayAfternoon = new Date("2026-06-09T14:00:00Z"); // 16:00 in Rome

  it("is the first seating after the asked moment: that evening, or the next open day", () => {
    expect(nextSeatingAfter(week, ROME, "2026-06-09", "17:00", tuesdayAfternoon)).toEqual({
      date: "2026-06-09",
      time: "19:00",
    });
    // After the last seating (22:00) of Sunday: Monday is closed, Tuesday opens at 19:00.
    expect(nextSeatingAfter(week, ROME, "2026-06-14", "22:30", tuesdayAfternoon)).toEqual({
      date: "2026-06-16",
      time: "19:00",
    });
  });

  it("never answers a moment already gone, and null when the restaurant never opens", () => {
    // Asked about last week: the next seating still to come is tonight's.
    expect(nextSeatingAfter(week, ROME, "2026-06-02", "23:00", tuesdayAfternoon)).toEqual({
      date: "2026-06-09",
      time: "19:00",
    });
    const closed: OpeningHours = Object.fromEntries(Object.keys(week).map((day) => [day, null])) as OpeningHours;
    expect(nextSeatingAfter(closed, ROME, "2026-06-09", "17:00", tuesdayAfternoon)).toBeNull();
  });
});

describe("the free times a search shows", () => {
  it("keeps to 90 minutes either side of the asked time, within the service, still to come", () => {
    // A Tuesday: dinner from 19:00, the last seating at 22:00 (it ends at closing, 23:30).
    const times = (time: string, now = new Date(0)) =>
      openSeatingsNear(week, ROME, "2026-12-01", time, now).map((seating) => seating.time);
    expect(times("20:30")).toEqual(daySeatings(week, ROME, "2026-12-01").map((seating) => seating.time));
    expect(times("20:30")).toHaveLength(13);
    expect(times("17:30")).toEqual(["19:00"]);
    expect(times("17:15")).toEqual([]);
    expect(times("23:30")).toEqual(["22:00"]);
    expect(openSeatingsNear(week, ROME, "2026-11-30", "20:00", new Date(0))).toEqual([]);
    // 19:00 in Rome on 1 December is 18:00 UTC: at that instant it is no longer to come.
    expect(times("19:00", new Date("2026-12-01T18:00:00Z"))).toEqual([
      "19:15",
      "19:30",
      "19:45",
      "20:00",
      "20:15",
      "20:30",
    ]);
  });

  it("picks the 5 nearest, the earlier on a tie, in the order of the day", () => {
    const free = ["19:00", "19:15", "19:30", "20:00", "20:30", "21:00", "21:30", "22:00"];
    // 20:00 and 20:30 are 15 minutes off, 19:30 and 21:00 45, then 19:15 (60) before 21:30 (75).
    expect(nearestTimes(free, "20:15")).toEqual(["19:15", "19:30", "20:00", "20:30", "21:00"]);
    // On a tie for the last place the earlier wins: 19:00 and 21:00 are both 60 minutes from 20:00.
    expect(nearestTimes(["19:00", "19:30", "19:45", "20:00", "20:15", "21:00"], "20:00")).toEqual([
      "19:00",
      "19:30",
      "19:45",
      "20:00",
      "20:15",
    ]);
    expect(nearestTimes(free, "22:00")).toEqual(["20:00", "20:30", "21:00", "21:30", "22:00"]);
    expect(nearestTimes(["20:00"], "20:15")).toEqual(["20:00"]);
    expect(nearestTimes([], "20:15")).toEqual([]);
  });
});
