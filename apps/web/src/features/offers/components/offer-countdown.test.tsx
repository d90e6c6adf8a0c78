import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import i18n from "../../../i18n/i18n";
import { OfferCountdown } from "./offer-countdown";

// 11:00 in Rome on Wednesday 25 November 2026.
const NOW = new Date("2026-11-25T10:00:00Z");
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

const timerText = (expiresAt: string) => {
  const view = render(<OfferCountdown expiresAt={expiresAt} timeZone="Europe/Rome" />);
  const text = screen.getByRole("timer").textContent;
  view.unmount();
  return text;
};

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date", "setInterval", "clearInterval"] });
});
afterEach(() => vi.useRealTimers());

describe("OfferCountdown: one unambiguous reading at every length", () => {
  it("reads minutes, hours and minutes, and tomorrow's time in Italian", () => {
    expect(timerText(inMinutes(26.5))).toBe("Scade tra 26 min");
    expect(timerText(inMinutes(83))).toBe("Scade tra 1 h 23 min");
    expect(timerText(inMinutes(120))).toBe("Scade tra 2 h");
    // 12:00 tomorrow on the restaurant's clock.
    expect(timerText("2026-11-26T11:00:00Z")).toBe("Scade domani alle 12:00");
    expect(timerText("2026-11-27T11:00:00Z")).toBe("Scade venerdì 27 novembre alle 12:00");
  });

  it("reads the same shapes in English, never a clock-like 18:51", async () => {
    await i18n.changeLanguage("en");
    expect(timerText(inMinutes(18.85))).toBe("Ends in 18 min");
    expect(timerText(inMinutes(83))).toBe("Ends in 1 h 23 min");
    expect(timerText(inMinutes(0.5))).toBe("Ends in under a minute");
    expect(timerText("2026-11-26T11:00:00Z")).toBe("Ends tomorrow at 12:00");
  });
});
