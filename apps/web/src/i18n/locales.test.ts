import { describe, expect, it } from "vitest";
import startIt from "./locales/start/it.json";
import startEn from "./locales/start/en.json";
import restIt from "./locales/rest/it.json";
import restEn from "./locales/rest/en.json";
import sharedIt from "@tavolo/shared/i18n/it.json";
import sharedEn from "@tavolo/shared/i18n/en.json";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

// "{{city, a}}" is the placeholder city with a format (see i18n.ts).
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

function compare(name: string, left: Tree, right: Tree) {
  describe(name, () => {
    const a = flatten(left);
    const b = flatten(right);

    it("has the same keys in Italian and English", () => {
      expect(
        [...a.keys()].filter((key) => !b.has(key)),
        "keys only in Italian",
      ).toEqual([]);
      expect(
        [...b.keys()].filter((key) => !a.has(key)),
        "keys only in English",
      ).toEqual([]);
    });

    it("uses the same interpolation placeholders in both languages", () => {
      const mismatches = [...a.keys()]
        .filter((key) => b.has(key))
        .filter((key) => placeholders(a.get(key)!).join() !== placeholders(b.get(key)!).join())
        .map((key) => `${key}: it {${placeholders(a.get(key)!)}} vs en {${placeholders(b.get(key)!)}}`);
      expect(mismatches).toEqual([]);
    });

    it("has no empty texts", () => {
      expect([...a, ...b].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
    });
  });
}

/** One language's whole messages: a section may have keys in both parts (decision 031). */
function whole(start: Tree, rest: Tree): Tree {
  const out: Tree = { ...rest };
  for (const [key, value] of Object.entries(start)) {
    const other = out[key];
    out[key] = typeof value === "object" && typeof other === "object" ? whole(value, other) : value;
  }
  return out;
}
const itMessages = whole(startIt as Tree, restIt as Tree);
const enMessages = whole(startEn as Tree, restEn as Tree);

// Part by part: a key moved into the start part in one language only would show raw in the other.
compare("web locales, start part", startIt as Tree, startEn as Tree);
compare("web locales, the rest", restIt as Tree, restEn as Tree);
compare("shared locales", sharedIt as Tree, sharedEn as Tree);

describe("web locales", () => {
  it("leave validation.* and apiErrors.* to the shared messages", () => {
    expect(Object.keys(itMessages)).not.toContain("validation");
    expect(Object.keys(itMessages)).not.toContain("apiErrors");
    expect(Object.keys(enMessages)).not.toContain("validation");
    expect(Object.keys(enMessages)).not.toContain("apiErrors");
  });

  it("name every key the spec names", () => {
    const keys = flatten(itMessages as Tree);
    for (const key of [
      "errors.failedToFetchOffers",
      "errors.locationError",
      "errors.cityRequired",
      "errors.failedToRegisterNotifications",
      "errors.network",
      "register.termsRequired",
      "auth.googleLoginFailed",
      "auth.loginFailed",
      "auth.biometricFailed",
      "settings.unknownUser",
      "settings.loadError",
      "settings.updateError",
      ...["pending", "confirmed", "cancelled", "completed", "rejected"].map((s) => `status.${s}`),
      ...["all", "carne", "pesce", "pizza", "sushi", "hamburger", "vegetariano", "vegano", "italiano", "etnico"].map(
        (c) => `cuisine.${c}`,
      ),
    ]) {
      expect(keys.has(key), key).toBe(true);
    }
    expect(keys.get("register.termsRequired")).toBe("È necessario accettare i termini e le condizioni");
    expect(keys.get("resetPassword.invalidLink")).toBe("Link di reset non valido o scaduto");
    expect(keys.get("session.noRefreshToken")).toBe("Nessun refresh token disponibile");
    expect(keys.get("session.noAccessToken")).toBe("Token di accesso non presente nella risposta");
    expect(keys.get("verify.wait")).toBe("Devi attendere {{time}} prima di richiedere un nuovo codice");
    expect(flatten(enMessages as Tree).get("restaurant.notFound")).toBe("Restaurant not found");
    expect(flatten(enMessages as Tree).get("restaurant.loadError")).toBe("Failed to load restaurant details");
  });
});
