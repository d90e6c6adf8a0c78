import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import i18n from "../src/i18n/i18n";

// Every test starts in Italian, the product's default, with empty storage and real timers.
beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage("it");
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.style.overflow = "";
});
