import { describe, expect, it } from "vitest";
import { dateFormat, formatDistance } from "./intl-format";

describe("dateFormat", () => {
  it("writes English dates day before month, as the mails do (en-GB)", () => {
    const day = new Date(Date.UTC(2026, 10, 27, 12));
    const text = dateFormat("en", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(day);
    expect(text).toBe("Friday 27 November");
    expect(dateFormat("it", { day: "numeric", month: "long", timeZone: "UTC" }).format(day)).toBe("27 novembre");
  });
});

describe("formatDistance", () => {
  it("writes one place one way: metres under a kilometre, else kilometres with one decimal", () => {
    expect(formatDistance(0.1, "it")).toBe("100\u00a0m");
    expect(formatDistance(0.05, "it")).toBe("50\u00a0m");
    expect(formatDistance(1.26, "it")).toBe("1,3\u00a0km");
    expect(formatDistance(1.26, "en")).toBe("1.3\u00a0km");
    // At the boundary it is a kilometre, never "1000 m".
    expect(formatDistance(0.996, "it")).toBe("1\u00a0km");
    expect(formatDistance(0.994, "it")).toBe("990\u00a0m");
  });
});
