import { describe, expect, it } from "vitest";
import { readDeadline } from "./offer-time";

const ROME = "Europe/Rome";
// 26 November 2026, 19:00 in Rome (winter, UTC+1).
const deadline = new Date("2026-11-26T18:00:00Z");
const before = (minutes: number, seconds = 0) => new Date(deadline.getTime() - minutes * 60_000 - seconds * 1000);

describe("readDeadline: one unambiguous reading at every length", () => {
  it("counts whole minutes under an hour, never a clock-like 26:32", () => {
    expect(readDeadline(deadline, ROME, before(26, 32))).toEqual({ kind: "minutes", minutes: 26 });
    expect(readDeadline(deadline, ROME, before(59, 59))).toEqual({ kind: "minutes", minutes: 59 });
    expect(readDeadline(deadline, ROME, before(1))).toEqual({ kind: "minutes", minutes: 1 });
  });

  it("says 'under a minute' in the last minute and 'expired' from the deadline on", () => {
    expect(readDeadline(deadline, ROME, before(0, 59))).toEqual({ kind: "underMinute" });
    expect(readDeadline(deadline, ROME, deadline)).toEqual({ kind: "expired" });
    expect(readDeadline(deadline.toISOString(), ROME, deadline.getTime() + 1)).toEqual({ kind: "expired" });
  });

  it("gives hours and minutes later the same day on the restaurant's clock", () => {
    expect(readDeadline(deadline, ROME, before(83))).toEqual({ kind: "hours", hours: 1, minutes: 23 });
    expect(readDeadline(deadline, ROME, before(600))).toEqual({ kind: "hours", hours: 10, minutes: 0 });
  });

  it("names the restaurant's clock time on the next day, and the date after that", () => {
    // 23:30 in Rome on the 25th, deadline 19:00 on the 26th.
    expect(readDeadline(deadline, ROME, new Date("2026-11-25T22:30:00Z"))).toEqual({ kind: "tomorrow", time: "19:00" });
    expect(readDeadline(deadline, ROME, new Date("2026-11-24T10:00:00Z"))).toEqual({
      kind: "onDate",
      date: "2026-11-26",
      time: "19:00",
    });
  });

  it("reads days and times on the restaurant's clock, not the machine's", () => {
    // 00:30 in Rome on the 26th is still the 25th in UTC: the deadline is today, not tomorrow.
    expect(readDeadline(deadline, ROME, new Date("2026-11-25T23:30:00Z"))).toEqual({
      kind: "hours",
      hours: 18,
      minutes: 30,
    });
    expect(readDeadline(deadline, "Asia/Tokyo", new Date("2026-11-25T23:30:00Z"))).toEqual({
      kind: "tomorrow",
      time: "03:00",
    });
  });
});
