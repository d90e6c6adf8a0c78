import { describe, expect, it } from "vitest";
import { createBookingFixture } from "../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../test/test-app";
import { liveHolds } from "../../test/waitlist-helpers";
import {
  answer,
  changeEmail,
  bookTable,
  cancel,
  checkInvariants,
  emptyModel,
  expectNoTraceOf,
  join,
  lapseHolds,
  registerDiner,
  remove,
  resetWorld,
  type ModelDiner,
  type World,
} from "./system-model";

/** Sequences the model test found, shrunk, as plain regression tests (decision 037). */
const t = useTestApp({ env: { PUBLIC_CACHE_TTL_SECONDS: "0" } });
const f = useFixture(() => createBookingFixture(t));

async function dinerIn(w: World): Promise<ModelDiner> {
  const d = await registerDiner(w, undefined);
  if ("statusCode" in d) throw new Error(`register: ${d.statusCode}`);
  return d;
}

/** register ×2; bookTable(d0, 20:00, t3, 6p); join(d1, 20:00, 6p); cancel(d0) → d1 holds table 3. */
async function heldForSecondDiner() {
  const w = await resetWorld(t, f);
  const [d0, d1] = [await dinerIn(w), await dinerIn(w)];
  const booked = await bookTable(w, d0, "20:00", 3, 6);
  expect(booked.statusCode, booked.body).toBe(201);
  expect((await join(w, d1, "20:00", 6)).statusCode).toBe(201);
  expect((await cancel(w, d0, booked.json().reservation.id as string)).statusCode).toBe(200);
  const [hold] = await liveHolds(t);
  expect(hold?.user_id).toBe(d1.userId);
  return { w, d0, d1, holdId: hold!.id };
}

describe("model-found sequences", () => {
  // The deletion once failed on the hold's reference to its waitlist entry (a 500 and a rollback).
  for (const what of ["held", "declined", "confirmed", "lapsed"] as const) {
    it(`deleting a diner whose hold was ${what} succeeds and leaves no trace`, async () => {
      const { w, d1, holdId } = await heldForSecondDiner();
      if (what === "declined") expect((await answer(w, d1, holdId, "decline")).statusCode).toBe(200);
      if (what === "confirmed") expect((await answer(w, d1, holdId, "confirm")).statusCode).toBe(200);
      if (what === "lapsed") await lapseHolds(w);
      const res = await remove(w, d1);
      expect(res.statusCode, res.body).toBe(200);
      await expectNoTraceOf(w, emptyModel(), d1);
      await checkInvariants(w, { ...emptyModel() });
    });
  }

  // The resend throttle of the address a diner left (keyed "purpose:address") outlived the account:
  // neither the change nor the deletion, which knows only the current address, removed it.
  it("a diner who changed address and deleted the account leaves neither address behind", async () => {
    const w = await resetWorld(t, f);
    const d = await dinerIn(w);
    const { requested, followed, newEmail } = await changeEmail(w, d);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(followed?.statusCode).toBe(302);
    const res = await remove(w, { ...d, email: newEmail });
    expect(res.statusCode, res.body).toBe(200);
    await expectNoTraceOf(w, emptyModel(), { ...d, email: newEmail, formerEmails: [d.email] });
  });
});
