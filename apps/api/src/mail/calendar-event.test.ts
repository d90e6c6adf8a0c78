import { describe, expect, it } from "vitest";
import { instantOfWallClock } from "@tavolo/shared/dates";
import { escapeText, foldLine, renderCalendar, type CalendarEvent } from "./calendar-event";

const rome = (date: string, time: string) => instantOfWallClock(date, time, "Europe/Rome")!;
const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => {
  const startsAt = rome("2026-10-25", "19:00");
  return {
    uid: "5f0c7c2e-8a61-4b7e-9d43-1f2a3b4c5d6e",
    sequence: 0,
    status: "CONFIRMED",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 90 * 60_000),
    timeZone: "Europe/Rome",
    summary: "Tavolo da Trattoria Sempre Aperta",
    location: "Trattoria Sempre Aperta, Via Roma 1, Milano",
    description: "Tavolo n. 2 per 4.",
    stamp: new Date("2026-10-20T08:30:00Z"),
    method: "REQUEST",
    organizer: { email: "no-reply@tavolo.test", name: "Tavolo" },
    attendee: { email: "anna@example.it", name: "Anna" },
    ...overrides,
  };
};
/** The unfolded lines of an .ics text. */
const lines = (ics: string) => ics.replace(/\r\n /g, "").split("\r\n");

describe(".ics of a booking", () => {
  it("writes Rome's wall-clock times with its VTIMEZONE, the reservation id as UID, CRLF lines", () => {
    const ics = renderCalendar(event());
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
    const all = lines(ics);
    expect(all).toContain("UID:5f0c7c2e-8a61-4b7e-9d43-1f2a3b4c5d6e");
    expect(all).toContain("DTSTART;TZID=Europe/Rome:20261025T190000");
    expect(all).toContain("DTEND;TZID=Europe/Rome:20261025T203000");
    expect(all).toContain("DTSTAMP:20261020T083000Z");
    expect(all).toContain("TZID:Europe/Rome");
    expect(all).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    expect(all).toContain("STATUS:CONFIRMED");
    expect(all.filter((line) => line.startsWith("BEGIN:"))).toEqual([
      "BEGIN:VCALENDAR",
      "BEGIN:VTIMEZONE",
      "BEGIN:DAYLIGHT",
      "BEGIN:STANDARD",
      "BEGIN:VEVENT",
    ]);
  });

  it("keeps summer time on the day clocks go forward (2026-03-29)", () => {
    const startsAt = rome("2026-03-29", "20:00");
    expect(startsAt.toISOString()).toBe("2026-03-29T18:00:00.000Z");
    const all = lines(renderCalendar(event({ startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) })));
    expect(all).toContain("DTSTART;TZID=Europe/Rome:20260329T200000");
    expect(all).toContain("DTEND;TZID=Europe/Rome:20260329T213000");
  });

  it("writes an end in the hour that happens twice in UTC, so it names one instant", () => {
    // 01:30 summer time + 90 minutes = the second 02:00 of 2026-10-25.
    const startsAt = rome("2026-10-25", "01:30");
    const all = lines(renderCalendar(event({ startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) })));
    expect(all).toContain("DTSTART;TZID=Europe/Rome:20261025T013000");
    expect(all).toContain("DTEND:20261025T010000Z");
  });

  it("falls back to UTC times for a zone without a VTIMEZONE of ours", () => {
    const startsAt = new Date("2026-07-01T18:00:00Z");
    const ics = renderCalendar(
      event({ timeZone: "America/New_York", startsAt, endsAt: new Date("2026-07-01T19:30:00Z") }),
    );
    expect(lines(ics)).toEqual(expect.arrayContaining(["DTSTART:20260701T180000Z", "DTEND:20260701T193000Z"]));
    expect(ics).not.toContain("VTIMEZONE");
  });

  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    expect(escapeText("Sala; tavolo 2, vicino\\finestra\nGrazie")).toBe(
      "Sala\\; tavolo 2\\, vicino\\\\finestra\\nGrazie",
    );
    const long = `DESCRIPTION:${"è".repeat(100)}`;
    const folded = foldLine(long);
    for (const line of folded.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    // Octets decide, not characters: 75 ASCII ones fit on one line, 38 "è" (76 octets) do not.
    expect(foldLine("X".repeat(75))).toBe("X".repeat(75));
    expect(foldLine("è".repeat(38))).toBe(`${"è".repeat(37)}\r\n è`);
  });
});
