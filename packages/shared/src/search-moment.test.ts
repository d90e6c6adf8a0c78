import { describe, expect, it } from "vitest";
import { searchMoment } from "./search-moment";

const rome = "Europe/Rome";

describe("searchMoment: the default date and time of a search for a table", () => {
  it("during a service is today at the next quarter hour on the restaurant's clock", () => {
    // 18:07 UTC in November is 19:07 in Rome.
    expect(searchMoment(new Date("2026-11-25T18:07:00Z"), rome)).toEqual({ date: "2026-11-25", time: "19:15" });
    expect(searchMoment(new Date("2026-11-25T11:20:00Z"), rome)).toEqual({ date: "2026-11-25", time: "12:30" });
  });

  it("skips a quarter hour that is starting right now", () => {
    expect(searchMoment(new Date("2026-11-25T19:00:00Z"), rome)).toEqual({ date: "2026-11-25", time: "20:15" });
    expect(searchMoment(new Date("2026-11-25T19:14:59Z"), rome)).toEqual({ date: "2026-11-25", time: "20:15" });
  });

  it("at night is tomorrow's lunch, not a time every restaurant is closed", () => {
    expect(searchMoment(new Date("2026-11-25T22:50:00Z"), rome)).toEqual({ date: "2026-11-26", time: "13:00" });
    expect(searchMoment(new Date("2026-11-25T21:40:00Z"), rome)).toEqual({ date: "2026-11-26", time: "13:00" });
  });

  it("in the afternoon is tonight's dinner, in the morning today's lunch", () => {
    expect(searchMoment(new Date("2026-11-25T15:10:00Z"), rome)).toEqual({ date: "2026-11-25", time: "20:00" });
    expect(searchMoment(new Date("2026-11-25T01:30:00Z"), rome)).toEqual({ date: "2026-11-25", time: "13:00" });
  });

  it("follows the zone, not UTC (summer time)", () => {
    expect(searchMoment(new Date("2026-07-01T21:59:00Z"), rome)).toEqual({ date: "2026-07-02", time: "13:00" });
    expect(searchMoment(new Date("2026-07-01T17:31:00Z"), rome)).toEqual({ date: "2026-07-01", time: "19:45" });
  });
});
