import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, expect, vi } from "vitest";
import i18n, { restOfMessages, startBrowserI18n } from "../src/i18n/i18n";
import { WAIT_BUDGET_MS } from "./eventually";
import { takeMisroutedAnswers } from "./mock-api";

// findBy*/waitFor wait up to 1 s by default: on a loaded machine (CI beside other work) a screen
// that renders in 1.2 s fails a test that is right. They still return as soon as the screen is
// there; only a test that is wrong waits the whole 10 s (decision 047).
configure({ asyncUtilTimeout: WAIT_BUDGET_MS });

// The composition root of every test: the browser's i18n, started as client-app.tsx starts it.
await startBrowserI18n();

// Every test starts in Italian, the product's default, with empty storage, no cookies (the session
// hint of decision 038 is one) and real timers.
beforeEach(async () => {
  localStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  await i18n.changeLanguage("it");
  // Screens are tested alone: every message of both languages is there, as once the app has started.
  // Both start parts first: a rest added to a language i18next has not loaded yet would count as
  // the whole language, without its start part (the files of one worker share this instance, and
  // it may have started in either language, decision 052).
  await i18n.loadLanguages(["it", "en"]);
  await Promise.all([restOfMessages("it"), restOfMessages("en")]);
});

afterEach(() => {
  cleanup();
  // A route's typed answer given to another route's request (mock-api.ts `answer`).
  expect(takeMisroutedAnswers()).toEqual([]);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.style.overflow = "";
});
