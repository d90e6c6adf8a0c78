import { describe, expect, it } from "vitest";
import { offerFixture, restaurantFixture } from "../../../test/seo-fixtures";
import { renderPageHead } from "./page-head";
import { propertiesOf, schemaOrgProblems } from "../../../test/schema-org-check";

const ctx = { lang: "it", origin: "https://tavolo.example", path: "/" } as const;

/** The JSON-LD objects of a rendered head, parsed back. */
function jsonLdOf(head: string): Record<string, unknown>[] {
  return [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe("structured data (schema.org JSON-LD)", () => {
  it("describes a restaurant page as a valid schema.org Restaurant with every property search engines read", () => {
    for (const lang of ["it", "en"] as const) {
      const [data, ...others] = jsonLdOf(
        renderPageHead({ kind: "restaurant", restaurant: restaurantFixture() }, { ...ctx, lang }),
      );
      expect(others).toEqual([]);
      expect(schemaOrgProblems(data)).toEqual([]);
      expect(data).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Restaurant",
        name: "Trattoria da Gino",
        telephone: "+39 02 1234567",
        acceptsReservations: true,
        url: `https://tavolo.example/restaurants/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b?lang=${lang}`,
        address: { "@type": "PostalAddress", streetAddress: "Via Roma 12, 20121 Milano", addressLocality: "Milano" },
        geo: { "@type": "GeoCoordinates", latitude: 45.4642, longitude: 9.19 },
        servesCuisine: lang === "it" ? "Italiano, Carne" : "Italian, Meat",
      });
      expect(data!.image).toMatch(/^https:\/\/tavolo\.example\/share\/restaurants\/3f1c2a4e-[\w-]+\.png\?lang=/);
      // Closed on Monday: six days, Friday until 23:30.
      const hours = data!.openingHoursSpecification as { dayOfWeek: string; opens: string; closes: string }[];
      expect(hours).toHaveLength(6);
      expect(hours.find((slot) => slot.dayOfWeek === "Friday")).toMatchObject({
        opens: "12:00:00",
        closes: "23:30:00",
      });
    }
  });

  it("describes an offer page as a valid schema.org Offer, valid through its booking deadline, with the deal", () => {
    for (const lang of ["it", "en"] as const) {
      const [data] = jsonLdOf(renderPageHead({ kind: "offer", offer: offerFixture() }, { ...ctx, lang }));
      expect(schemaOrgProblems(data)).toEqual([]);
      expect(data).toMatchObject({
        "@type": "Offer",
        validThrough: "2026-11-26T17:30:00.000Z",
        availability: "LimitedAvailability",
        offeredBy: { "@type": "Restaurant", name: "Trattoria da Gino" },
      });
      expect(data!.name).toContain(lang === "it" ? "Sconto 30%" : "30% off");
      expect(data!.description).toContain("18:30");
      // Google's rules: a priceSpecification needs price and priceCurrency, which a discount has not.
      expect(data).not.toHaveProperty("priceSpecification");
    }
    const [soldOut] = jsonLdOf(
      renderPageHead({ kind: "offer", offer: offerFixture({ isSoldOut: true, currentAvailableSeats: 0 }) }, ctx),
    );
    expect(soldOut).toMatchObject({ availability: "SoldOut" });
  });

  it("catches what schema.org does not allow, so the checks above can fail", () => {
    expect(propertiesOf("Restaurant")).toContain("servesCuisine");
    expect(propertiesOf("Restaurant")).toContain("name"); // inherited from Thing
    expect(schemaOrgProblems({ "@type": "Restaurant", name: "X", bookUntil: "18:30" })).toEqual([
      "$.bookUntil: not a property of Restaurant",
    ]);
    expect(schemaOrgProblems({ "@type": "Offer", validThrough: "tomorrow" }).join()).toMatch(/validThrough/);
    expect(schemaOrgProblems({ "@type": "Restaurant", acceptsReservations: 3 }).join()).toMatch(/acceptsReservations/);
    expect(
      schemaOrgProblems({ "@type": "OpeningHoursSpecification", dayOfWeek: "Funday", opens: "12:00:00" }).join(),
    ).toMatch(/dayOfWeek/);
    expect(schemaOrgProblems({ "@type": "Ristorante" })).toEqual(["$: unknown schema.org type Ristorante"]);
  });
});
