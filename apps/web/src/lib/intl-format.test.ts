import { describe, expect, it } from "vitest";
import { dateFormat } from "./intl-format";

describe("dateFormat", () => {
  it("writes English dates day before month, as the mails do (en-GB)", () => {
    const day = new Date(Date.UTC(2026, 10, 27, 12));
    const text = dateFormat("en", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(day);
    expect(text).toBe("Friday 27 November");
    expect(dateFormat("it", { day: "numeric", month: "long", timeZone: "UTC" }).format(day)).toBe("27 novembre");
  });
});
