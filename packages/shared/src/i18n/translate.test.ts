import { describe, expect, it } from "vitest";
import { sharedMessages, translateShared } from "./translate";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "string" ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

describe("shared messages", () => {
  const it_ = flatten(sharedMessages.it as Tree);
  const en = flatten(sharedMessages.en as Tree);

  it("exist in both languages, with the same placeholders", () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(it_).sort());
    for (const key of Object.keys(it_)) expect(placeholders(en[key]!), key).toEqual(placeholders(it_[key]!));
    for (const [key, text] of Object.entries({ ...it_, ...en })) expect(text.trim(), key).not.toBe("");
  });

  it("translate with parameters and keep unknown keys visible", () => {
    expect(translateShared("en", "apiErrors.cityNotFound", { city: "Atlantis" })).toBe(
      "We don't know the city “Atlantis” yet",
    );
    expect(translateShared("it", "apiErrors.restaurantNotFound")).toBe("Ristorante non trovato");
    expect(translateShared("en", "no.such.key")).toBe("no.such.key");
  });

  it("say 'ad' before a vowel in Italian and keep the name as it is in English", () => {
    expect(translateShared("it", "apiMessages.cityInterestRegistered", { city: "Ancona" })).toContain(
      "offerte ad Ancona",
    );
    expect(translateShared("it", "apiMessages.cityInterestRegistered", { city: "Milano" })).toContain(
      "offerte a Milano",
    );
    expect(translateShared("en", "apiMessages.cityInterestRegistered", { city: "Ancona" })).toContain("Ancona");
  });
});
