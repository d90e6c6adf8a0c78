import { describe, expect, it } from "vitest";
import { post } from "../../../test/auth-helpers";
import { createOfferFixture, get, publishOffer, tomorrowInRome } from "../../../test/offer-helpers";
import { diner, type Diner } from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";

const t = useTestApp();
const f = useFixture(() => createOfferFixture(t));

const interest = (who: Diner, body: Record<string, unknown>) =>
  post(t.app, "/api/client/registerCityAvailabilityInterest", body, who.headers);
const list = (who: Diner | null, language = "it") =>
  get(t, "/api/client/city-interests", { ...(who?.headers ?? {}), "accept-language": language });
const remove = (who: Diner | null, city: string) =>
  t.app.inject({ method: "DELETE", url: `/api/client/city-interests/${city}`, headers: who?.headers ?? {} });

async function offerAlertsTo(email: string) {
  const res = await get(t, `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return (res.json() as { messages: { template: string }[] }).messages.filter((m) => m.template === "offer-alert");
}

describe("city alerts of the signed-in diner", () => {
  it("lists the caller's alerts by city name and removes one, idempotently", async () => {
    const anna = await diner(t);
    await interest(anna, { city: "Milano" });
    await interest(anna, { city: "Bergamo", includeNearbyCities: true, radius: 25 });

    const listed = await list(anna);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      success: true,
      interests: [
        { city: { slug: "bergamo", name: "Bergamo" }, includeNearbyCities: true, radius: 25 },
        { city: { slug: "milano", name: "Milano" }, includeNearbyCities: false, radius: expect.any(Number) },
      ],
    });
    // Names follow the request's language.
    expect((await list(anna, "en")).json().interests[1].city.name).toBe("Milan");

    const removed = await remove(anna, "milano");
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: "Non riceverai più avvisi per Milano" });
    expect((await list(anna)).json().interests).toEqual([
      { city: { slug: "bergamo", name: "Bergamo" }, includeNearbyCities: true, radius: 25 },
    ]);

    // Removing it again still succeeds and changes nothing.
    const again = await remove(anna, "milano");
    expect(again.statusCode).toBe(200);
    expect((await list(anna)).json().interests).toHaveLength(1);
  });

  it("keeps each diner's alerts to themselves", async () => {
    const anna = await diner(t);
    const bruno = await diner(t);
    await interest(anna, { city: "Milano" });
    await interest(bruno, { city: "Bergamo" });

    expect((await list(bruno)).json().interests.map((i: { city: { slug: string } }) => i.city.slug)).toEqual([
      "bergamo",
    ]);
    // Bruno "removing" Milano touches only his own (absent) alert: Anna's stays.
    expect((await remove(bruno, "milano")).statusCode).toBe(200);
    expect((await list(anna)).json().interests.map((i: { city: { slug: string } }) => i.city.slug)).toEqual(["milano"]);
  });

  it("needs a signed-in diner and a known, well-formed city", async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await remove(null, "milano")).statusCode).toBe(401);
    const anna = await diner(t);
    const unknown = await remove(anna, "atlantide");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: "city_not_found" });
    const bad = await remove(anna, "Not%20A%20Slug");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "Città non valida" });
  });

  it("sends no alert for a city once its alert is removed", async () => {
    const kept = await diner(t);
    const gone = await diner(t);
    await interest(kept, { city: "Milano" });
    await interest(gone, { city: "Milano" });
    expect((await remove(gone, "milano")).statusCode).toBe(200);

    await publishOffer(t, f.milano, tomorrowInRome());

    expect(await offerAlertsTo(kept.email)).toHaveLength(1);
    expect(await offerAlertsTo(gone.email)).toHaveLength(0);
  });
});
