import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PUSH_SUBSCRIPTIONS } from "@tavolo/shared/constants";
import type { PushPayload } from "@tavolo/shared/push";
import { deleteAccount, exportAccount } from "../../../test/account-data-helpers";
import { post } from "../../../test/auth-helpers";
import { startPushPeer, type PushPeer } from "../../../test/push-peer";
import {
  createBookingFixture,
  diner,
  romeDate,
  cancelReservation,
  modifyReservation,
  type Diner,
} from "../../../test/reservation-helpers";
import { createTestApp, TEST_VAPID_KEYS, type TestApp } from "../../../test/test-app";
import { fillAllTables, joined, waitingAt20 } from "../../../test/waitlist-helpers";

let peer: PushPeer;
let t: TestApp;
beforeAll(async () => {
  peer = await startPushPeer(TEST_VAPID_KEYS.VAPID_PUBLIC_KEY);
  t = await createTestApp({
    env: { PUSH_EXTRA_ORIGINS: peer.origin, PUSH_RETRY_DELAY_SECONDS: "0.001" },
    pushAgent: peer.agent,
  });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const subscribe = (who: Diner, body: unknown) => post(t.app, "/api/client/push/subscriptions", body, who.headers);
const subscriptionsOf = (who: Diner) =>
  t.database.db.selectFrom("push_subscriptions").select("endpoint").where("user_id", "=", who.userId).execute();
const note = (text: string): PushPayload => ({
  kind: "booking",
  lang: "it",
  tag: `test-${text}`,
  title: text,
  body: "",
  url: "/history",
  actions: [],
});
/** Queues a push for the diner as a module would, and sends it (after the "commit"). */
async function pushTo(who: Diner, payload: PushPayload): Promise<void> {
  const start = await t.app.pushSender.stage(t.database.db, who.userId, payload);
  start();
  await t.app.pushSender.idle();
}
const outboxOf = async (who: Diner) =>
  t.database.db
    .selectFrom("push_outbox as o")
    .innerJoin("push_subscriptions as s", "s.id", "o.subscription_id")
    .select(["o.attempts", "o.sent_at", "o.failed_at", "o.next_attempt_at"])
    .where("s.user_id", "=", who.userId)
    .execute();

describe("Web Push subscriptions", () => {
  it("gives the VAPID public key to anyone", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/client/push/public-key" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: TEST_VAPID_KEYS.VAPID_PUBLIC_KEY });
  });

  it("subscribes a signed-in diner's browser, and only a signed-in one", async () => {
    const who = await diner(t);
    const subscription = peer.subscribe();
    const anonymous = await post(t.app, "/api/client/push/subscriptions", subscription);
    expect(anonymous.statusCode).toBe(401);
    const res = await subscribe(who, { ...subscription, expirationTime: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true });
    expect(await subscriptionsOf(who)).toEqual([{ endpoint: subscription.endpoint }]);
  });

  it.each([
    ["a private address", "https://127.0.0.1:1/push/x"],
    ["the cloud metadata service", "https://169.254.169.254/latest/meta-data/x"],
    ["plain http on a push service", "http://fcm.googleapis.com/fcm/send/x"],
    ["a look-alike host", "https://fcm.googleapis.com.example.org/fcm/send/x"],
  ])("refuses an endpoint on %s (SSRF) and stores nothing", async (_what, endpoint) => {
    const who = await diner(t);
    const res = await subscribe(who, { endpoint, keys: peer.subscribe().keys });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: "push_endpoint_not_allowed" });
    expect(await subscriptionsOf(who)).toEqual([]);
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} browsers per diner, even subscribing at once; renewing one is fine`, async () => {
    const who = await diner(t);
    const tries = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS + 3 }, () => peer.subscribe());
    const answers = await Promise.all(tries.map((subscription) => subscribe(who, subscription)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    const refused = answers.filter((res) => res.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json()).toMatchObject({ code: "push_subscriptions_limit" });
    expect(await subscriptionsOf(who)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    const kept = (await subscriptionsOf(who))[0]!.endpoint;
    const renewed = tries.find((subscription) => subscription.endpoint === kept)!;
    expect((await subscribe(who, renewed)).statusCode).toBe(201);
  });

  it("unsubscribes by endpoint, only the caller's own", async () => {
    const [owner, other] = [await diner(t), await diner(t)];
    const subscription = peer.subscribe();
    await subscribe(owner, subscription);
    const remove = (who: Diner) =>
      t.app.inject({
        method: "DELETE",
        url: "/api/client/push/subscriptions",
        headers: who.headers,
        payload: { endpoint: subscription.endpoint },
      });
    expect((await remove(other)).statusCode).toBe(200);
    expect(await subscriptionsOf(owner)).toHaveLength(1);
    expect((await remove(owner)).statusCode).toBe(200);
    expect(await subscriptionsOf(owner)).toEqual([]);
  });
});

describe("sending pushes", () => {
  it("encrypts for the browser's keys with a valid VAPID token: the peer decrypts the exact text", async () => {
    const who = await diner(t);
    const subscription = peer.subscribe();
    await subscribe(who, subscription);
    await pushTo(who, note("Prenotazione annullata: Da Mario"));
    const got = peer.received.filter((push) => subscription.endpoint.endsWith(push.subscription));
    expect(got.map((push) => push.payload.title)).toEqual(["Prenotazione annullata: Da Mario"]);
    expect(got[0]?.ttl).toBe(String(24 * 3600));
    expect((await outboxOf(who))[0]?.sent_at).toBeInstanceOf(Date);
  });

  it("a 410 from the push service removes the subscription and its queue", async () => {
    const who = await diner(t);
    const subscription = peer.subscribe();
    await subscribe(who, subscription);
    peer.answer(subscription.endpoint, 410);
    await pushTo(who, note("gone"));
    expect(await subscriptionsOf(who)).toEqual([]);
    expect(await outboxOf(who)).toEqual([]);
  });

  it.each([429, 503])("a %i is retried by the worker until the service takes it", async (status) => {
    const who = await diner(t);
    const subscription = peer.subscribe();
    await subscribe(who, subscription);
    peer.answer(subscription.endpoint, status, status);
    await pushTo(who, note(`retry-${status}`));
    expect(await outboxOf(who)).toMatchObject([{ attempts: 1, sent_at: null, failed_at: null }]);
    // Each pass takes what is due (the test's backoff is a millisecond).
    for (let pass = 0; pass < 5 && (await outboxOf(who))[0]?.sent_at === null; pass++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await t.app.pushSender.runOnce();
    }
    expect(await outboxOf(who)).toMatchObject([{ attempts: 3, sent_at: expect.any(Date) }]);
    const id = subscription.endpoint.split("/").pop();
    expect(peer.received.filter((push) => push.subscription === id).map((push) => push.payload.title)).toEqual([
      `retry-${status}`,
    ]);
  });

  it("honours the diner's switch for a kind", async () => {
    const who = await diner(t);
    const subscription = peer.subscribe();
    await subscribe(who, subscription);
    const settings = { enabled: true, favoriteRestaurants: false, weekendsOnly: false, pushBookings: false };
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/client/notification-settings",
      headers: who.headers,
      payload: settings,
    });
    expect(saved.json()).toMatchObject({ settings: { pushBookings: false, pushHolds: true } });
    await pushTo(who, note("switched off"));
    expect(await outboxOf(who)).toEqual([]);
    await pushTo(who, { ...note("a hold"), kind: "hold" });
    expect(await outboxOf(who)).toHaveLength(1);
  });

  it("a freed table's hold reaches the first in line by push, in Italian, with Conferma and Rinuncia", async () => {
    const f = await createBookingFixture(t);
    const date = romeDate(3);
    const owners = [await diner(t), await diner(t), await diner(t)];
    const waiting = await diner(t);
    const subscription = peer.subscribe();
    await subscribe(waiting, subscription);
    const booked = await fillAllTables(t, f, owners, date, "20:00");
    await joined(t, waiting, waitingAt20(f, date));
    expect((await cancelReservation(t, owners[0]!, booked[1]!)).statusCode).toBe(200);
    await t.app.pushSender.idle();
    const id = subscription.endpoint.split("/").pop();
    const push = peer.received.find((received) => received.subscription === id)?.payload;
    expect(push).toMatchObject({
      kind: "hold",
      lang: "it",
      title: expect.stringMatching(/^Si è liberato un tavolo da /),
      url: expect.stringMatching(/^\/hold\/confirm\?token=/),
      actions: [
        { action: "confirm", title: "Conferma", url: expect.stringMatching(/^\/hold\/confirm\?token=/) },
        { action: "decline", title: "Rinuncia", url: "/history" },
      ],
    });
    expect(push?.body).toMatch(/alle 20:00, 2 persone\. È tuo se confermi entro le \d\d:\d\d\./);
  });
});

describe("pushed booking changes", () => {
  it("a moved, then cancelled booking is pushed to the diner's browsers in their language, with /history as its tap target", async () => {
    const f = await createBookingFixture(t);
    const who = await diner(t, { language: "en" });
    const subscription = peer.subscribe();
    await subscribe(who, subscription);
    const booked = await post(
      t.app,
      "/api/client/makeReservation",
      { restaurantId: f.allDay.id, tableId: f.allDay.tables[2], date: romeDate(5), time: "13:00", numberOfPeople: 2 },
      who.headers,
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const id = (booked.json() as { reservation: { id: string } }).reservation.id;
    // A move queues its push in its own statement (decision 075), sent once it has committed.
    const move = { date: romeDate(5), time: "14:00", numberOfPeople: 3 };
    expect((await modifyReservation(t, who, id, move)).statusCode).toBe(200);
    expect((await cancelReservation(t, who, id)).statusCode).toBe(200);
    await t.app.pushSender.idle();
    const key = subscription.endpoint.split("/").pop();
    expect(peer.received.filter((push) => push.subscription === key).map((push) => push.payload)).toEqual([
      expect.objectContaining({
        kind: "booking",
        lang: "en",
        title: expect.stringMatching(/^Booking moved: /),
        body: expect.stringMatching(/at 14:00, 3 people\.$/),
        url: "/history",
      }),
      expect.objectContaining({
        kind: "booking",
        lang: "en",
        title: expect.stringMatching(/^Booking cancelled: /),
        body: expect.stringMatching(/at 14:00, 3 people: no longer booked\.$/),
        url: "/history",
      }),
    ]);
  });
});

describe("push and the diner's own data", () => {
  it("the export names each browser's push service (never its secret endpoint); deleting the account removes them", async () => {
    const who = await diner(t);
    const subscription = peer.subscribe();
    await subscribe(who, subscription);
    const exported = await exportAccount(t, who.headers);
    expect(exported.json().pushSubscriptions).toEqual([{ pushService: peer.origin, subscribedAt: expect.any(String) }]);
    expect(exported.body).not.toContain(subscription.endpoint);
    await pushTo(who, note("queued before deletion"));
    expect((await deleteAccount(t, who.headers)).statusCode).toBe(200);
    expect(await subscriptionsOf(who)).toEqual([]);
    expect(await outboxOf(who)).toEqual([]);
  });
});
