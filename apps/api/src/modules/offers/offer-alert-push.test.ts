import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dateInZone } from "@tavolo/shared/dates";
import { post } from "../../../test/auth-helpers";
import { createOfferFixture, publishOffer, type OfferFixture } from "../../../test/offer-helpers";
import { startPushPeer, type PushPeer } from "../../../test/push-peer";
import { diner, ROME, type Diner } from "../../../test/reservation-helpers";
import { createTestApp, TEST_VAPID_KEYS, type TestApp } from "../../../test/test-app";

let peer: PushPeer;
let t: TestApp;
let f: OfferFixture;
beforeAll(async () => {
  peer = await startPushPeer(TEST_VAPID_KEYS.VAPID_PUBLIC_KEY);
  t = await createTestApp({ env: { PUSH_EXTRA_ORIGINS: peer.origin }, pushAgent: peer.agent });
  f = await createOfferFixture(t);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

async function withPush(who: Diner): Promise<string> {
  const subscription = peer.subscribe();
  expect((await post(t.app, "/api/client/push/subscriptions", subscription, who.headers)).statusCode).toBe(201);
  return subscription.endpoint.split("/").pop()!;
}
const pushesTo = (subscription: string) =>
  peer.received.filter((push) => push.subscription === subscription).map((push) => push.payload);

describe("city and favourite alerts by push (decision 045)", () => {
  it("pushes the new offer to the city's diners in their language, unless they switched alerts off", async () => {
    const english = await diner(t, { language: "en" });
    const italian = await diner(t);
    const off = await diner(t);
    const [toEnglish, toItalian, toOff] = [await withPush(english), await withPush(italian), await withPush(off)];
    for (const who of [english, italian, off])
      await post(t.app, "/api/client/registerCityAvailabilityInterest", { city: "Milano" }, who.headers);
    // Alerts off by push only: the mail still goes (the switches are per kind and channel).
    await sql`INSERT INTO notification_settings (user_id, push_alerts) VALUES (${off.userId}, false)`.execute(
      t.database.db,
    );

    const result = await publishOffer(t, f.milano, addDays(dateInZone(new Date(), ROME), 1));
    await t.app.pushSender.idle();
    const offerId = result.ok ? result.newOfferIds[0]! : "";
    expect(pushesTo(toEnglish)).toEqual([
      expect.objectContaining({
        kind: "alert",
        lang: "en",
        title: "Last Minute in Milan",
        body: "Trattoria del Duomo has a discounted table. Tap to book.",
        url: `/lastminute/${offerId}`,
      }),
    ]);
    expect(pushesTo(toItalian)).toEqual([
      expect.objectContaining({
        title: "Last Minute a Milano",
        body: expect.stringMatching(/^Trattoria del Duomo ha/),
      }),
    ]);
    expect(pushesTo(toOff)).toEqual([]);
    const mails = await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(off.email)}` });
    expect((mails.json() as { messages: { template: string }[] }).messages.map((mail) => mail.template)).toContain(
      "offer-alert",
    );
    // Kept for six hours, like an offer's window: decision 045.
    expect(peer.received.find((push) => push.subscription === toEnglish)?.ttl).toBe(String(6 * 3600));
  });
});
