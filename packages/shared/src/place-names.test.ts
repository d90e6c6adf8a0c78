import { describe, expect, it } from "vitest";
import { addressWithCity, closestPlaces, editDistance, italianA } from "./place-names";

describe("italianA", () => {
  it("says ad before a vowel, a otherwise", () => {
    expect(italianA("Atlantide")).toBe("ad Atlantide");
    expect(italianA("Ancona")).toBe("ad Ancona");
    expect(italianA("Empoli")).toBe("ad Empoli");
    expect(italianA("Milano")).toBe("a Milano");
    expect(italianA("Reggio Emilia")).toBe("a Reggio Emilia");
  });
});

describe("editDistance", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("milnao", "milano")).toBe(1);
    expect(editDistance("roam", "roma")).toBe(1);
    expect(editDistance("torin", "torino")).toBe(1);
    expect(editDistance("napoli", "napoli")).toBe(0);
    expect(editDistance("bari", "pisa")).toBe(4);
  });
});

describe("closestPlaces", () => {
  const cities = [
    { slug: "milano", it: "Milano", en: "Milan" },
    { slug: "mirano", it: "Mirano", en: "Mirano" },
    { slug: "roma", it: "Roma", en: "Rome" },
    { slug: "reggio-emilia", it: "Reggio Emilia", en: "Reggio Emilia" },
    { slug: "reggio-calabria", it: "Reggio Calabria", en: "Reggio Calabria" },
    { slug: "napoli", it: "Napoli", en: "Naples" },
  ];
  const names = (c: (typeof cities)[number]) => [c.slug, c.it, c.en];
  const slugs = (typed: string) => closestPlaces(typed, cities, names).map((c) => c.slug);

  it("suggests the nearest cities for a typo, best first", () => {
    expect(slugs("Milnao")[0]).toBe("milano");
    expect(slugs("Milnao")).toContain("mirano");
    expect(slugs("Napels")).toEqual(["napoli"]);
    expect(slugs("rOMA ")).toEqual([]); // an exact name is no typo
    expect(slugs("Reggio")).toEqual(["reggio-emilia", "reggio-calabria"]);
  });

  it("suggests nothing for a name far from every city", () => {
    expect(slugs("Atlantide")).toEqual([]);
    expect(slugs("x")).toEqual([]);
  });
});

describe("addressWithCity", () => {
  it("names the city once: not after an address that already names it, in either language", () => {
    expect(addressWithCity("Via Roma 12, 20121 Milano", "Milan", "Milano")).toBe("Via Roma 12, 20121 Milano");
    expect(addressWithCity("Via Roma 12, 20121 Milano", "Milano")).toBe("Via Roma 12, 20121 Milano");
    expect(addressWithCity("Via Roma 12", "Milan", "Milano")).toBe("Via Roma 12, Milan");
  });
});
