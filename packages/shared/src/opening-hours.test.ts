import { describe, expect, it } from "vitest";
import {
  hoursToday,
  openingHoursSchema,
  seatingHoursProblem,
  weekdayIn,
  weekdayOfDate,
  type OpeningHours,
} from "./opening-hours";

const week: OpeningHours = {
  monday: null,
  tuesday: { open: "12:00", close: "23:00" },
  wednesday: { open: "12:00", close: "23:00" },
  thursday: { open: "12:00", close: "23:00" },
  friday: { open: "12:00", close: "23:30" },
  saturday: { open: "19:00", close: "23:30" },
  sunday: { open: "12:00", close: "15:00" },
};

describe("opening hours", () => {
  it("reads the weekday on the restaurant's own clock", () => {
    // 23:30 UTC on Sunday 2026-11-22 is already Monday in Rome (UTC+1).
    const lateSundayUtc = new Date("2026-11-22T23:30:00Z");
    expect(weekdayIn("UTC", lateSundayUtc)).toBe("sunday");
    expect(weekdayIn("Europe/Rome", lateSundayUtc)).toBe("monday");
    expect(hoursToday(week, "Europe/Rome", lateSundayUtc)).toBeNull();
    expect(hoursToday(week, "UTC", lateSundayUtc)).toEqual({ open: "12:00", close: "15:00" });
  });

  it("validates times and order", () => {
    expect(openingHoursSchema.safeParse(week).success).toBe(true);
    const reversed = { ...week, monday: { open: "23:00", close: "12:00" } };
    const result = openingHoursSchema.safeParse(reversed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("validation.openingHours");
    expect(openingHoursSchema.safeParse({ ...week, monday: { open: "24:00", close: "25:00" } }).success).toBe(false);
  });
});

describe("seatings inside the opening hours", () => {
  it("knows the weekday of a date", () => {
    expect(weekdayOfDate("2026-11-23")).toBe("monday");
    expect(weekdayOfDate("2026-11-29")).toBe("sunday");
  });

  it("accepts a seating inside the day's hours, edges included", () => {
    // 2026-11-24 is a Tuesday, 12:00–23:00.
    expect(seatingHoursProblem(week, "2026-11-24", "12:00", "13:30")).toBeNull();
    expect(seatingHoursProblem(week, "2026-11-24", "21:30", "23:00")).toBeNull();
  });

  it("refuses a closed day, a seating before opening, after closing or past midnight", () => {
    expect(seatingHoursProblem(week, "2026-11-23", "20:00", "21:30")).toEqual({ reason: "closed", weekday: "monday" });
    const tuesday = { reason: "outside", weekday: "tuesday", slot: { open: "12:00", close: "23:00" } };
    expect(seatingHoursProblem(week, "2026-11-24", "01:00", "02:30")).toEqual(tuesday);
    expect(seatingHoursProblem(week, "2026-11-24", "22:00", "23:30")).toEqual(tuesday);
    expect(seatingHoursProblem(week, "2026-11-24", "22:30", "00:30")).toEqual(tuesday);
  });
});
