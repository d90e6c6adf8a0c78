import { describe, expect, it } from "vitest";
import { createBookingFixture, diner, romeDate } from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";
import { fillAllTables, joined, liveHolds, waitingAt20 } from "../../../test/waitlist-helpers";

/** The cancel operation other modules call (a reminder's "I can't come" link, decision 034). */
const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));

describe("app.cancelBooking", () => {
  it("cancels like the diner's button: the freed table is held for the first in line at once", async () => {
    const date = romeDate(40);
    const owner = await diner(t);
    const waiting = await diner(t);
    const bookings = await fillAllTables(t, f, [owner], date, "20:00");
    await joined(t, waiting, waitingAt20(f, date, 2));

    const answer = await t.app.cancelBooking(owner.userId, bookings[1]!, "en");
    expect(answer.reservation).toMatchObject({ id: bookings[1], status: "cancelled" });
    expect((await liveHolds(t)).filter((hold) => hold.user_id === waiting.userId)).toHaveLength(1);
    // Someone else's booking is refused and stays as it was.
    await expect(t.app.cancelBooking(waiting.userId, bookings[2]!, "en")).rejects.toMatchObject({ statusCode: 403 });
  });
});
