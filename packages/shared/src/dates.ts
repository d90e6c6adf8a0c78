import { boundedMemo } from "./bounded-memo";

// How dates and times are written and read, apart from this module's time-zone work (clock-patterns.ts).
export { CLOCK_TIME, ISO_DATE, minutesOfDay } from "./clock-patterns";

/** "YYYY-MM-DD" of an instant on the wall calendar of a time zone. */
export function dateInZone(at: Date, timeZone: string): string {
  return wallClockOf(at, timeZone).date;
}

/** Noon UTC of a calendar date: the same weekday in every European zone, whatever the DST. */
export function noonUtcOf(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** The calendar date `days` after (or before) `date`, both "YYYY-MM-DD". */
export function addDays(date: string, days: number): string {
  const at = noonUtcOf(date);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Minutes after midnight as "HH:MM" (clock-patterns.ts reads it back). */
export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export interface WallClock {
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM" */
  time: string;
}

// Formatters are costly to build and are reused for every slot of every request.
const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What a clock on the wall of `timeZone` shows at an instant (to the minute). */
export function wallClockOf(at: Date, timeZone: string): WallClock {
  // One render asks the same instant (its `now`) dozens of times, and `formatToParts` is ~3 % of a
  // server render's CPU (decision 060): the last answers per zone, keyed by the minute, which is
  // all a wall clock shows (zones move by whole minutes since long before any booking), so the
  // requests of one minute share their `now` (decision 070).
  const ms = at.getTime();
  if (!Number.isFinite(ms)) return formatWallClock(at, timeZone);
  const minute = Math.floor(ms / 60_000);
  return { ...recentWallClocks(`${timeZone}\u0000${minute}`, () => formatWallClock(at, timeZone)) };
}
const recentWallClocks = boundedMemo<WallClock>(256);

function formatWallClock(at: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Minutes the zone is ahead of UTC at an instant (+60 for Rome in winter, +120 in summer). */
function offsetMinutes(atMs: number, timeZone: string): number {
  const wall = wallClockOf(new Date(atMs), timeZone);
  const wallAsUtc = Date.parse(`${wall.date}T${wall.time}:00Z`);
  return Math.round((wallAsUtc - Math.floor(atMs / 60_000) * 60_000) / 60_000);
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` `time`.
 * - A time skipped when clocks go forward (02:30 in Rome on the last Sunday of March) does not
 *   exist: null, unless `inGap: "later"` asks for the reading just past the jump.
 * - A time shown twice when clocks go back (02:30 on the last Sunday of October) is its first
 *   occurrence.
 */
export function instantOfWallClock(
  date: string,
  time: string,
  timeZone: string,
  options: { inGap?: "null" | "later" } = {},
): Date | null {
  // A pure function of its arguments, asked for the same quarter hours of the same few days by
  // every restaurant of a search (decision 024): each answer costs three Intl formats otherwise.
  const inGap = options.inGap ?? "null";
  const instant = knownInstants(`${timeZone} ${date} ${time} ${inGap}`, () =>
    computeInstantOfWallClock(date, time, timeZone, inGap),
  );
  return instant === null ? null : new Date(instant);
}

/** Instants (ms) by zone, date, time and gap rule: a few days × 96 quarter hours fill a fraction of it. */
const knownInstants = boundedMemo<number | null>(20_000);

function computeInstantOfWallClock(
  date: string,
  time: string,
  timeZone: string,
  inGap: "null" | "later",
): number | null {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  // Zones change their offset at most a few times a year: the offsets half a day either side
  // are the only candidates.
  const candidates = new Set([
    offsetMinutes(asUtc - 12 * 3_600_000, timeZone),
    offsetMinutes(asUtc + 12 * 3_600_000, timeZone),
  ]);
  const matches = [...candidates]
    .map((offset) => asUtc - offset * 60_000)
    .filter((at) => {
      const wall = wallClockOf(new Date(at), timeZone);
      return wall.date === date && wall.time === time;
    })
    .sort((a, b) => a - b);
  if (matches[0] !== undefined) return matches[0];
  if (inGap !== "later") return null;
  // In a gap, read the time with the offset before the jump: it lands as far past the jump as it
  // was past the gap's start (02:30 becomes 03:30), as Temporal's "compatible" disambiguation does.
  return asUtc - Math.min(...candidates) * 60_000;
}
