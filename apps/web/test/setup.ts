import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import i18n, { restOfMessages } from "../src/i18n/i18n";

// Every test starts in Italian, the product's default, with empty storage and real timers.
beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage("it");
  // Screens are tested alone: every message of both languages is there, as once the app has started.
  await Promise.all([restOfMessages("it"), restOfMessages("en")]);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.style.overflow = "";
});
