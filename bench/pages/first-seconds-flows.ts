import type { Browser, BrowserContext, Page } from "@playwright/test";
import { FIRST_SECONDS_EMAIL_DOMAIN, type FirstSecondsTargets } from "../lib/first-seconds-data";

/**
 * The three flows of "first seconds" (decisions 039, 059), as a diner on a phone taps through them.
 * Elements are found by role and accessible name, as the diner reads them (Italian, the default),
 * and each wait is a named step: a run that stalls says which step it stalled at.
 */
const PASSWORD = "Tavolo1!";
/** The confirmation's heading: a table's («Prenotazione inviata!»), or an offer's (the server's «Offerta Last Minute prenotata!»). */
const BOOKED = /Prenotazione (inviata|confermata)!|Offerta Last Minute prenotata!/;
/** One step's patience: far above any goal, so a slow machine is measured rather than failed. */
export const STEP_TIMEOUT_MS = Number(process.env.FIRST_SECONDS_STEP_TIMEOUT_MS ?? 30_000);

/** What a run reports as it goes: each tap, and each named step once it is done. */
export interface Progress {
  tap(): void;
  reached(step: string): void;
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

export const newPhone = (browser: Browser, baseUrl: string) =>
  browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "it-IT",
    timezoneId: "Europe/Rome",
  });

async function signInByForm(page: Page, email: string, progress: Progress) {
  await step(progress, "login form shows", () => page.getByLabel(/^Email/).waitFor());
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  progress.tap();
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
}

/** A signed-in browser: signed in once through the form, unthrottled, as on an earlier visit. */
export async function signedInContext(browser: Browser, baseUrl: string, email: string): Promise<BrowserContext> {
  const context = await newPhone(browser, baseUrl);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await page.goto("/login");
  await signInByForm(page, email, unreported);
  await step(unreported, "signed in before the flow (Home)", () => page.waitForURL((url) => url.pathname === "/"));
  await page.close();
  return context;
}

/**
 * The first free time of the restaurant page's picker ("Quando venite?"), tapped as soon as it
 * shows. The chips are the links of the list named "Orari liberi per …": «Prenota un tavolo» and
 * the other links to the form stay out of it.
 */
async function tapFirstChip(page: Page, progress: Progress) {
  const chip = page
    .getByRole("list", { name: /^Orari liberi per/ })
    .getByRole("link")
    .first();
  await step(progress, "first time chip shows", () => chip.waitFor());
  progress.tap();
  await chip.click();
}

/** The form is usable once a table is proposed (the chip's seating, smallest fitting table): then it books. */
async function confirmBooking(page: Page, progress: Progress) {
  const form = page.getByRole("form", { name: "Dati della prenotazione" });
  await step(progress, "booking form proposes a table", () =>
    form.getByRole("group", { name: "Tavolo" }).getByRole("radio", { checked: true }).waitFor(),
  );
  progress.tap();
  await form.getByRole("button", { name: "Conferma prenotazione" }).click();
  await step(progress, "booking confirmed", () => page.getByRole("heading", { name: BOOKED }).waitFor());
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
        const book = page.getByRole("button", { name: "Conferma la prenotazione" });
        await step(progress, "«Conferma la prenotazione» shows", () => book.waitFor());
        progress.tap();
        await book.click();
        await step(progress, "offer booking confirmed", () => page.getByRole("heading", { name: BOOKED }).waitFor());
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
