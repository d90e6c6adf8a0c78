import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { serverI18nHandle } from "./server-translations";

const resources = {
  it: {
    translation: {
      seats_one: "{{count}} posto da {{name}}",
      seats_other: "{{count}} posti da {{name}}",
      nested: 'Prenota: $t(seats, { "count": 2, "name": "Lia" })',
      list: { a: "uno", b: "due" },
    },
  },
  en: { translation: { seats_one: "{{count}} seat at {{name}}", seats_other: "{{count}} seats at {{name}}" } },
};

async function request(lng: string) {
  const missing: string[] = [];
  const instance = createInstance();
  await instance.init({
    lng,
    resources,
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => void missing.push(key),
  });
  return { instance, missing, handle: serverI18nHandle(instance, missing) };
}

describe("serverI18nHandle", () => {
  it("answers as i18next for every option, across requests and languages", async () => {
    const first = await request("it");
    const second = await request("it");
    const english = await request("en");
    const calls: [string, unknown][] = [
      ["seats", { count: 1, name: "Da Mario" }],
      ["seats", { count: 3, name: "Da Mario" }],
      ["seats", { count: 3, name: "Trattoria" }],
      ["nested", undefined],
    ];
    for (const { instance, handle } of [first, second, english, first]) {
      const t = handle.getFixedT(instance.language);
      for (const [key, options] of calls) expect(t(key, options as never)).toBe(instance.t(key, options as never));
    }
    expect(first.handle.getFixedT("it")("seats", { count: 3, name: "Da Mario" })).toBe("3 posti da Da Mario");
    expect(english.handle.getFixedT("en")("seats", { count: 3, name: "Da Mario" })).toBe("3 seats at Da Mario");
  });

  it("passes options that are not plain values to i18next each time", async () => {
    const { instance, handle } = await request("it");
    const t = handle.getFixedT("it");
    expect(t("list", { returnObjects: true })).toEqual({ a: "uno", b: "due" });
    expect(t("seats", { count: 2, name: { toString: () => "Lia" } } as never)).toBe(
      instance.t("seats", { count: 2, name: "Lia" }),
    );
  });

  it("reports a missing key on every render that asks for it, not only the first", async () => {
    const first = await request("it");
    const second = await request("it");
    expect(first.handle.getFixedT("it")("start.absent")).toBe("start.absent");
    expect(second.handle.getFixedT("it")("start.absent")).toBe("start.absent");
    expect(first.missing).toEqual(["start.absent"]);
    expect(second.missing).toEqual(["start.absent"]);
  });

  it("keeps the handle free of own properties (react-i18next copies them per component)", async () => {
    const { handle } = await request("it");
    expect(Object.getOwnPropertyNames(handle)).toEqual([]);
  });
});
