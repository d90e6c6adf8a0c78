import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { addDays, dateInZone } from "@tavolo/shared/dates";
import { post } from "../../../test/auth-helpers";
import { createOfferFixture, publishOffer } from "../../../test/offer-helpers";
import { diner, ROME, type Diner } from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";
import { signAlertUnsubscribe } from "./alert-unsubscribe-token";

const t = useTestApp();
const f = useFixture(() => createOfferFixture(t));

const interest = (who: Diner, city: string) =>
  post(t.app, "/api/client/registerCityAvailabilityInterest", { city }, who.headers);
const interests = async (who: Diner) =>
  (
    await sql<{ slug: string }>`SELECT c.slug FROM city_interests ci JOIN cities c ON c.id = ci.city_id
      WHERE ci.user_id = ${who.userId} ORDER BY c.slug`.execute(t.database.db)
  ).rows.map((row) => row.slug);

/** The List-Unsubscribe header of the diner's latest alert mail, as stored for every delivery attempt. */
async function unsubscribeHeaders(who: Diner) {
  const row = await t.database.db
    .selectFrom("mail_outbox")
    .select("headers")
    .where("user_id", "=", who.userId)
    .where("template", "=", "offer-alert")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row.headers;
}

describe("one-click unsubscribe from offer alerts (RFC 8058, decision 044)", () => {
  it("gives every alert mail a signed HTTPS-origin link and the one-click header; one POST turns the alert off", async () => {
    const anna = await diner(t, { language: "en" });
    await interest(anna, "Milano");
    await interest(anna, "Bergamo");
    await publishOffer(t, f.milano, addDays(dateInZone(new Date(), ROME), 1));

    const headers = await unsubscribeHeaders(anna);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(.+)>$/.exec(headers["List-Unsubscribe"]!)![1]!;
    expect(link.startsWith(`${t.config.appOrigin}/api/client/alerts/unsubscribe?token=`)).toBe(true);
    const url = link.slice(t.config.appOrigin.length);

    // The page shows the alert and the button, in the diner's language, without a sign-in.
    const shown = await t.app.inject({ method: "GET", url });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<html lang="en">');
    expect(shown.body).toContain("Last Minute offers in Milan");
    expect(shown.body).toMatch(
      /<form method="post"[^>]*><input type="hidden" name="List-Unsubscribe" value="One-Click"><button/,
    );
    expect(await interests(anna)).toEqual(["bergamo", "milano"]);

    // What a mail provider sends (RFC 8058 §3.2): the alert that mailed (Milano) goes, Bergamo stays.
    const oneClick = {
      method: "POST" as const,
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    };
    const done = await t.app.inject(oneClick);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Alerts turned off");
    expect(await interests(anna)).toEqual(["bergamo"]);
    // Again: the same answer, nothing more changes.
    expect((await t.app.inject(oneClick)).statusCode).toBe(200);
    expect(await interests(anna)).toEqual(["bergamo"]);
  });

  it("shows the page in Italian for an Italian diner", async () => {
    const marco = await diner(t);
    await interest(marco, "Milano");
    const cityId = (await sql<{ id: number }>`SELECT id FROM cities WHERE slug = 'milano'`.execute(t.database.db))
      .rows[0]!.id;
    const token = signAlertUnsubscribe({ userId: marco.userId, cityIds: [cityId], language: "it" }, t.config.jwtSecret);
    const shown = await t.app.inject({ method: "GET", url: `/api/client/alerts/unsubscribe?token=${token}` });
    expect(shown.body).toContain('<html lang="it">');
    expect(shown.body).toContain("Non riceverai più email sulle offerte Last Minute a Milano.");
    expect(shown.body).toContain("Disattiva gli avvisi</button>");
  });

  it("refuses a forged or altered token with 400 and changes nothing", async () => {
    const luca = await diner(t);
    await interest(luca, "Milano");
    const cityId = (await sql<{ id: number }>`SELECT id FROM cities WHERE slug = 'milano'`.execute(t.database.db))
      .rows[0]!.id;
    const forged = signAlertUnsubscribe({ userId: luca.userId, cityIds: [cityId], language: "it" }, "another-secret");
    const genuine = signAlertUnsubscribe(
      { userId: luca.userId, cityIds: [cityId], language: "it" },
      t.config.jwtSecret,
    );
    const altered = `${Buffer.from(JSON.stringify({ u: luca.userId, c: [cityId, 1], l: "it" })).toString("base64url")}.${genuine.split(".")[1]}`;
    for (const token of [forged, altered, "", "garbage"]) {
      const res = await t.app.inject({ method: "POST", url: `/api/client/alerts/unsubscribe?token=${token}` });
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: "unsubscribe_link_invalid" });
      expect(res.json().error).toMatch(/^Questo link per disattivare gli avvisi non è valido/);
    }
    expect(await interests(luca)).toEqual(["milano"]);
  });
});
