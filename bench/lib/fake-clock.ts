import { existsSync } from "node:fs";
import { addDays, instantOfWallClock, wallClockOf } from "@tavolo/shared/dates";

/**
 * A bench server that lives at another hour of Rome (decision 054): what a page shows depends on
 * the moment (at night the search's default is the next service), so its cost is measured at
 * lunch, in the evening and at night, whenever the bench runs. libfaketime (Debian's `faketime`)
 * moves the server's wall clock, its PGlite's `now()` included; its monotonic clock, which timers
 * use, is left alone. The browser keeps the real clock: a rendered page hydrates with the server's
 * instant (decision 027), and what it asks for after that is what a diner's phone would ask.
 */
const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

export const fakeClockAvailable = () => existsSync(LIBFAKETIME);

/** The next instant (from now) at which Rome's wall clock shows `time` ("21:00"). */
export function nextRomeInstant(time: string, now = new Date()): Date {
  const today = wallClockOf(now, "Europe/Rome").date;
  for (const date of [today, addDays(today, 1), addDays(today, 2)]) {
    const instant = instantOfWallClock(date, time, "Europe/Rome", { inGap: "later" });
    if (instant && instant.getTime() > now.getTime()) return instant;
  }
  throw new Error(`no next ${time} in Rome`);
}

/** The environment that starts a child process's clock at `instant` and lets it run from there. */
export function fakeClockEnv(instant: Date): Record<string, string> {
  if (!fakeClockAvailable()) throw new Error(`${LIBFAKETIME} is missing: apt-get install -y faketime`);
  const utc = instant.toISOString().replace("T", " ").slice(0, 19);
  return {
    LD_PRELOAD: LIBFAKETIME,
    // "@" starts the clock at that reading and lets it tick; read as UTC, the zone the child gets.
    FAKETIME: `@${utc}`,
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
    TZ: "UTC",
  };
}
