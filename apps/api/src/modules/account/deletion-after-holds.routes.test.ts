import { describe, expect, it } from "vitest";
import { deleteAccount } from "../../../test/account-data-helpers";
import { bearer, post, register } from "../../../test/auth-helpers";
import { findEverywhere, uniqueName } from "../../../test/personal-data";
import { createBookingFixture, romeDate, type Diner } from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";
import { answerHold, expireHolds, offerHoldAt20 } from "../../../test/waitlist-helpers";

/**
 * A diner the waitlist ever offered a table can delete the account like anyone (decision 021): the
 * hold row points at the waitlist entry the deletion removes, so the reservations are anonymised
 * (entry link included) before the user row goes (decision 034).
 */
const t = useTestApp();
const f = useFixture(() => createBookingFixture(t));
let day = 30;

/** A diner with a name of their own, waiting for 20:00, offered a hold by a cancellation. */
async function offeredHold() {
  const date = romeDate(day++);
  const firstName = uniqueName("Ginevra");
  const lastName = uniqueName("Altobelli");
  const account = await register(t.app, { firstName, lastName });
  const who: Diner = { userId: account.userId, email: account.user.email, headers: bearer(account.token) };
  const { hold, token } = await offerHoldAt20(t, f, who, date);
  return { who, hold, token, personal: [who.email, firstName, lastName] };
}

async function deletesCleanly(offered: Awaited<ReturnType<typeof offeredHold>>) {
  expect(await findEverywhere(t.database.db, offered.personal)).not.toEqual([]);
  const res = await deleteAccount(t, offered.who.headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(await findEverywhere(t.database.db, offered.personal)).toEqual([]);
  const row = await t.database.db
    .selectFrom("reservations")
    .select(["user_id", "status", "waitlist_entry_id"])
    .where("id", "=", offered.hold.id)
    .executeTakeFirstOrThrow();
  expect(row.user_id).toBeNull();
  return row;
}

describe("deleting the account of a diner the waitlist offered a table", () => {
  it("while the hold is live: 200, nothing personal left, the table free, and the hold's link confirms nothing", async () => {
    const offered = await offeredHold();
    const row = await deletesCleanly(offered);
    expect(row.status).toBe("released");
    const late = await post(t.app, "/api/client/holds/confirm-by-link", { token: offered.token });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect(late.statusCode).toBeLessThan(500);
    const after = await t.database.db
      .selectFrom("reservations")
      .select("status")
      .where("id", "=", offered.hold.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe("released");
  });

  it("after the hold lapsed: 200 and nothing personal left", async () => {
    const offered = await offeredHold();
    await expireHolds(t);
    await t.app.waitlistWorker.runOnce();
    expect((await deletesCleanly(offered)).status).toBe("released");
  });

  it("after the hold was confirmed: 200, the booking cancelled, nothing personal left", async () => {
    const offered = await offeredHold();
    expect((await answerHold(t, offered.who, offered.hold.id, "confirm")).statusCode).toBe(200);
    expect((await deletesCleanly(offered)).status).toBe("cancelled");
  });
});
