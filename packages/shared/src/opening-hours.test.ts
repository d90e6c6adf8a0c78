import { describe, expect, it } from "vitest";
import { hoursToday, openingHoursSchema, weekdayIn, type OpeningHours } from "./opening-hours";

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
