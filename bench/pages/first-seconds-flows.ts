import type { Browser, BrowserContext, Page } from "@playwright/test";
import { FIRST_SECONDS_EMAIL_DOMAIN, type FirstSecondsTargets } from "../lib/first-seconds-data";
import { tapAt, watchForSights, whenShown, type Seen, type Sight } from "./first-seconds-sights";

/**
 * The three flows of "first seconds" (decisions 039, 059, 080), as a diner on a phone taps through
 * them. Elements are found by their accessible names, as the diner reads them (Italian, the
 * default), with a check that costs the page nothing (first-seconds-sights.ts), and each wait is a
 * named step: a run that stalls says which step it stalled at.
 */
const PASSWORD = "Tavolo1!";
/** The confirmation's heading: a table's («Prenotazione inviata!»), or an offer's (the server's «Offerta Last Minute prenotata!»). */
const BOOKED = /Prenotazione (inviata|confermata)!|Offerta Last Minute prenotata!/;
/** One step's patience: far above any goal, so a slow machine is measured rather than failed. */
export const STEP_TIMEOUT_MS = Number(process.env.FIRST_SECONDS_STEP_TIMEOUT_MS ?? 30_000);

/** What a run reports as it goes: each tap, and each named step once it is done (when the page showed it). */
export interface Progress {
  tap(): void;
  reached(step: string, at?: number): void;
}

export interface Flow {
  name: string;
  goalMs: number;
  maxTaps: number;
  signedIn: boolean;
  /** `email`: a diner registered before the clock starts (the signed-out flow logs in as them). */
  run(page: Page, progress: Progress, email: string): Promise<void>;
}

/** A step that did not finish: the flow's report names it. */
export class StepError extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    const detail = cause instanceof Error ? cause.message.split("\n")[0] : String(cause);
    super(`step «${step}» did not finish within ${STEP_TIMEOUT_MS} ms: ${detail}`, { cause });
  }
}

async function step<T>(progress: Progress, name: string, action: () => Promise<T>): Promise<T> {
  try {
    const done = await action();
    progress.reached(name);
    return done;
  } catch (error) {
    throw new StepError(name, error);
  }
}

/** A step that is something on screen: done when the page showed it, by the page's clock. */
async function shows(page: Page, progress: Progress, name: string, sight: Sight): Promise<Seen> {
  let seen: Seen;
  try {
    seen = await whenShown(page, sight, STEP_TIMEOUT_MS);
  } catch (error) {
    throw new StepError(name, error);
  }
  progress.reached(name, seen.at);
  return seen;
}

async function tap(page: Page, progress: Progress, seen: Seen) {
  progress.tap();
  await tapAt(page, seen);
}

/** The first free time of the restaurant page's picker: the links of the list named "Orari liberi per …". */
const FIRST_CHIP: Sight = { css: 'ul[aria-label^="Orari liberi per"] a[href]' };
/** «Conferma prenotazione», once the form proposes a table (a radio of the group "Tavolo" checked). */
const CONFIRM_PROPOSED: Sight = {
  css: 'form[aria-label="Dati della prenotazione"]:has(fieldset input[type="radio"]:checked) button[type="submit"]',
  name: /^Conferma prenotazione$/,
};
const BOOKED_HEADING: Sight = { css: "h1, h2", name: BOOKED };

/** For the sign-in before a flow, whose steps are not the flow's. */
const unreported: Progress = { tap: () => {}, reached: () => {} };

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let accounts = 0;
/** A new diner of the bench's own domain (the data helper forgets their bookings on the next run). */
export async function newAccount(baseUrl: string): Promise<{ email: string }> {
  accounts += 1;
  const email = `first-seconds.${Date.now().toString(36)}.${accounts}@${FIRST_SECONDS_EMAIL_DOMAIN}`;
  await json(`${baseUrl}/api/client/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, firstName: "Giulia", lastName: "Rossi", termsAccepted: true }),
  });
  return { email };
}

export async function newPhone(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
  });
  await watchForSights(context);
  return context;
}

async function signInByForm(page: Page, email: string, progress: Progress) {
  await shows(page, progress, "login form shows", { css: 'input[type="email"]' });
  // Typing is not timed: a diner's fingers are not the app's seconds.
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await tap(page, progress, await whenShown(page, { css: 'button[type="submit"]', name: /^Accedi$/ }, STEP_TIMEOUT_MS));
}

/**
 * A signed-in browser: signed in once through the form, unthrottled, as on an earlier visit. That
 * visit installed the service worker, which has finished copying the app's files by the time a link
 * is opened later (decision 081): the flow must not share the phone with that copying.
 */
export async function signedInContext(browser: Browser, baseUrl: string, email: string): Promise<BrowserContext> {
  const context = await newPhone(browser, baseUrl);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await page.goto("/login");
  await signInByForm(page, email, unreported);
  await step(unreported, "signed in before the flow (Home)", () => page.waitForURL((url) => url.pathname === "/"));
  await step(unreported, "the service worker installed", () =>
    page.evaluate(async () => {
      await (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator
        .serviceWorker.ready;
    }),
  );
  await page.close();
  return context;
}

/**
 * The first free time of the restaurant page's picker ("Quando venite?"), tapped as soon as it
 * shows. The chips are the links of the list named "Orari liberi per …": «Prenota un tavolo» and
 * the other links to the form stay out of it.
 */
async function tapFirstChip(page: Page, progress: Progress) {
  await tap(page, progress, await shows(page, progress, "first time chip shows", FIRST_CHIP));
}

/** The form is usable once a table is proposed (the chip's seating, smallest fitting table): then it books. */
async function confirmBooking(page: Page, progress: Progress) {
  await tap(page, progress, await shows(page, progress, "booking form proposes a table", CONFIRM_PROPOSED));
  await shows(page, progress, "booking confirmed", BOOKED_HEADING);
}

export function flows(targets: FirstSecondsTargets): Flow[] {
  const restaurantLink = `/restaurants/${targets.restaurantId}`;
  return [
    {
      name: "signed in: restaurant link → confirmed",
      goalMs: 3000,
      maxTaps: 2,
      signedIn: true,
      async run(page, progress) {
        await page.goto(restaurantLink, { waitUntil: "commit" });
        await tapFirstChip(page, progress);
        await confirmBooking(page, progress);
      },
    },
    {
      name: "signed in: offer link → confirmed",
      goalMs: 2500,
      maxTaps: 1,
      signedIn: true,
      async run(page, progress) {
        await page.goto(`/lastminute/${targets.offerId}`, { waitUntil: "commit" });
        const book = { css: "button", name: /^Conferma la prenotazione$/ };
        await tap(page, progress, await shows(page, progress, "«Conferma la prenotazione» shows", book));
        await shows(page, progress, "offer booking confirmed", BOOKED_HEADING);
      },
    },
    {
      name: "signed out, login midway: restaurant link → confirmed",
      goalMs: 6000,
      maxTaps: 5,
      signedIn: false,
      async run(page, progress, email) {
        await page.goto(restaurantLink, { waitUntil: "commit" });
        await tapFirstChip(page, progress);
        await signInByForm(page, email, progress);
        await step(progress, "back on the booking form after login", () =>
          page.waitForURL((url) => url.pathname.startsWith(`/reservation/${targets.restaurantId}`)),
        );
        await confirmBooking(page, progress);
      },
    },
  ];
}
