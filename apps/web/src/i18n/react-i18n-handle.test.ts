import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { reactI18nHandle } from "./react-i18n-handle";

describe("reactI18nHandle", () => {
  it("has no own properties to copy, and reads, translates and changes language as the instance", async () => {
    const instance = createInstance();
    await instance.init({
      lng: "it",
      resources: { it: { translation: { hello: "Ciao" } }, en: { translation: { hello: "Hello" } } },
      initAsync: false,
    });
    const handle = reactI18nHandle(instance);

    expect(Object.getOwnPropertyNames(handle)).toEqual([]);
    expect(handle.t("hello")).toBe("Ciao");
    expect(handle.getFixedT("en")("hello")).toBe("Hello");
    await handle.changeLanguage("en");
    expect([instance.language, handle.language, handle.t("hello")]).toEqual(["en", "en", "Hello"]);
  });
});
