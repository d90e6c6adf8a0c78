import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** Meets the five rules of SPEC §5. */
export const PASSWORD = "Tavolo1!";

let counter = 0;
/** A fresh address per call: both projects run against one database. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function newPerson(tag: string, firstName = "Giulia", lastName = "Rossi"): Person {
  return { firstName, lastName, email: uniqueEmail(tag), password: PASSWORD };
}

/** Fills the sign-in form of the page and sends it; `login` is its button's label in the page's language. */
export async function sendSignInForm(
  page: Page,
  who: Pick<Person, "email" | "password">,
  login = "Accedi",
): Promise<void> {
  await page.getByLabel(/^Email/).fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole("button", { name: login, exact: true }).click();
}

/** Signs in through /login, which then leads home. */
export async function signIn(page: Page, who: Pick<Person, "email" | "password">, login = "Accedi"): Promise<void> {
  await page.goto("/login");
  await sendSignInForm(page, who, login);
  await expect(page).toHaveURL(/\/$/);
}

/** An account made through the API, for tests whose subject is not registration itself. */
export async function registerViaApi(request: APIRequestContext, person: Person, language = "it"): Promise<void> {
  const response = await request.post("/api/client/register", {
    data: { ...person, termsAccepted: true, newsletterSubscribed: false, language },
  });
  expect(response.status(), await response.text()).toBe(201);
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  template: string;
  language: string;
}

/** The newest mail of `template` sent to `to`, read from the outbox the dev server keeps (DESIGN §6). */
export async function latestMail(request: APIRequestContext, to: string, template: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: OutboxMail[] };
        found = messages.find((mail) => mail.template === template);
        return found !== undefined;
      },
      { message: `a ${template} mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

export const codeIn = (mail: OutboxMail): string => /\b(\d{6})\b/.exec(mail.subject)![1]!;

/** The first link of the mail's text that goes to `path` on our origin. */
export function linkIn(mail: OutboxMail, path: string): URL {
  const link = mail.text
    .match(/https?:\/\/\S+/g)
    ?.map((href) => new URL(href))
    .find((url) => url.pathname === path);
  expect(link, `a ${path} link in "${mail.subject}"`).toBeDefined();
  return link!;
}

/** Signed in, as the header (desktop) or the bottom bar and menu (mobile) show it. */
export async function expectSignedIn(page: Page, name: string, isMobile: boolean) {
  if (isMobile) {
    await expect(page.getByRole("navigation", { name: /Navigazione rapida|Quick navigation/ })).toContainText(
      /Profilo|Profile/,
    );
    await page.getByRole("button", { name: /Apri il menu|Open menu/ }).click();
    await expect(page.getByRole("navigation", { name: "Menu" })).toContainText(name);
    await page.getByRole("button", { name: /Chiudi il menu|Close menu/ }).click();
  } else {
    await expect(page.getByRole("button", { name: /Menu account di|Account menu for/ })).toContainText(name);
  }
}

/** Logs out from the profile menu (desktop) or the mobile menu. */
export async function logOut(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole("button", { name: /Apri il menu|Open menu/ }).click();
    await page
      .getByRole("navigation", { name: "Menu" })
      .getByRole("button", { name: /Esci|Log out/ })
      .click();
  } else {
    await page.getByRole("button", { name: /Menu account di|Account menu for/ }).click();
    await page.getByRole("menuitem", { name: /Esci|Log out/ }).click();
  }
  // Logging out calls the server first: wait until this page has really let the session go.
  await expect(page.getByRole("link", { name: /^(Accedi|Sign in)$/ }).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
}
