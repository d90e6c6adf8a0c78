import { expect, test, type APIRequestContext, PHONE_ONLY_TEST } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newPerson, registerViaApi, signIn, type Person } from "./support/accounts";

/** Rome's wall clock, whatever the machine's: the seed's restaurants live there. */
const romeNow = () => {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Rome",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  return { date: `${part("year")}-${part("month")}-${part("day")}`, time: `${part("hour")}:${part("minute")}` };
};
const addDays = (date: string, days: number) => {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/**
 * "Tonight" while 20:30 is comfortably ahead (the suite may run at any hour), else tomorrow night:
 * the story is the same, and the seats the search lists are real either way.
 */
function evening(): string {
  const now = romeNow();
  return now.time < "19:00" ? now.date : addDays(now.date, 1);
}

interface Found {
  id: string;
  name: string;
}

interface Table {
  id: string;
  capacity: number;
  isAvailable: boolean;
}

/**
 * A restaurant on the first page of Milan's search for 4 at 20:30 that lists 20:30, and has two
 * tables for 4 free at 21:00 (one may be the table the diner books at 20:30), read from the API.
 */
async function milanForFour(request: APIRequestContext, date: string): Promise<Found> {
  const search = await request.get(
    `/api/client/searchRestaurantsByLocation?location=Milano&date=${date}&time=20:30&people=4&pageSize=12`,
  );
  expect(search.status()).toBe(200);
  const { restaurants } = (await search.json()) as { restaurants: (Found & { availableSlots: string[] })[] };
  for (const restaurant of restaurants.filter((candidate) => candidate.availableSlots.includes("20:30"))) {
    const later = await request.get(`/api/client/getAvailableTables/${restaurant.id}?date=${date}&time=21:00&people=4`);
    const { tables } = (await later.json()) as { tables: Table[] };
    if (tables.filter((table) => table.isAvailable && table.capacity >= 4).length >= 2) return restaurant;
  }
  throw new Error(`no restaurant on Milan's first page has room for 4 at 20:30 and 21:00 on ${date}`);
}

interface OutboxMail {
  template: string;
  attachments: { filename: string; content: string }[] | null;
}

/** The calendar lines of a mail's .ics (folded lines joined). */
const icsLines = (mail: OutboxMail) => mail.attachments![0]!.content.replace(/\r\n /g, "").split("\r\n");

async function mailsTo(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: OutboxMail[] }).messages;
}

async function tokenOf(request: APIRequestContext, person: Person): Promise<string> {
  const login = await request.post("/api/client/login", { data: { email: person.email, password: person.password } });
  return ((await login.json()) as { token: string }).token;
}

test.describe("search for a table", () => {
  test("4 people, 20:30, Milano: booked in three taps from the search, then moved to 21:00 with one updated calendar event", async ({
    page,
    request,
    isMobile,
  }) => {
    const person = newPerson("table-search", "Marta", "Galli");
    await registerViaApi(request, person);
    const date = evening();
    const target = await milanForFour(request, date);
    await signIn(page, person, "Accedi");

    await page.goto("/search");
    await page.getByLabel(/^Città/).fill("Milano");
    await page.getByLabel(/^Data/).fill(date);
    await page.getByLabel(/^Orario/).selectOption("20:30");
    await page.getByLabel(/^Persone/).selectOption("4");
    // Tap 1: search.
    await page.getByRole("button", { name: "Cerca" }).click();
    await expect(page).toHaveURL(new RegExp(`location=Milano.*date=${date}&time=20%3A30&people=4`));
    const card = page.getByRole("article").filter({ hasText: target.name });
    await expect(card.getByText("Orari liberi per 4 persone")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Tap 2: the 20:30 chip on the card opens the form filled in, with the best-fit table chosen.
    const chip = card.getByRole("link", { name: /^20:30/ });
    if (isMobile) await chip.tap();
    else {
      // On a laptop by keyboard: the chip is a link like any other.
      await chip.focus();
      await page.keyboard.press("Enter");
    }
    await expect(page).toHaveURL(new RegExp(`/reservation/${target.id}\\?date=${date}&time=20%3A30&people=4`));
    // The form itself, not the search still on screen while it loads: the search has the same date,
    // time and party fields, and its cuisine filter is a checked radio too.
    await expect(page.getByRole("button", { name: "Conferma prenotazione" })).toBeVisible();
    await expect(page.getByLabel(/^Data/)).toHaveValue(date);
    await expect(page.getByRole("combobox", { name: /^Orario/ })).toHaveValue("20:30");
    await expect(page.getByRole("combobox", { name: /^Persone/ })).toHaveValue("4");
    const chosen = page.getByRole("radio", { checked: true });
    await expect(chosen).toHaveCount(1);
    const bookedTable = await chosen.inputValue();
    await expectNoSeriousA11yViolations(page);

    // Tap 3: book.
    await page.getByRole("button", { name: "Conferma prenotazione" }).click();
    await expect(
      page.getByRole("heading", { name: /Prenotazione confermata!|Richiesta di prenotazione inviata/ }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/history$/, { timeout: 5_000 });

    // Move it to 21:00 from the history.
    const booking = page.getByRole("article").filter({ hasText: target.name });
    await expect(booking).toContainText("20:30");
    await booking.getByRole("link", { name: /^Modifica/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Modifica prenotazione");
    await expect(page.getByText(/Stai spostando la prenotazione .* alle 20:30, 4 persone/)).toBeVisible();
    const time = page.getByRole("combobox", { name: /^Orario/ });
    await expect(time.locator('option[value="21:00"]')).toBeAttached();
    await time.selectOption("21:00");
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(1);
    // 21:00 overlaps the booking's own 20:30 seating: its own table is offered too (decision 032).
    await expect(page.locator(`input[type="radio"][value="${bookedTable}"]`)).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Salva la modifica" }).click();
    await expect(page.getByRole("heading", { name: /Prenotazione modificata!|Prenotazione spostata/ })).toBeVisible();
    await expect(page).toHaveURL(/\/history$/, { timeout: 5_000 });
    const moved = page.getByRole("article").filter({ hasText: target.name });
    await expect(moved).toHaveCount(1);
    await expect(moved).toContainText("21:00");

    // One calendar event, updated: the move's .ics has the booking's UID and a higher SEQUENCE.
    let mails: OutboxMail[] = [];
    await expect
      .poll(async () => {
        mails = await mailsTo(request, person.email);
        return mails.filter((mail) => mail.template === "reservation-moved").length;
      })
      .toBe(1);
    const booked = icsLines(mails.find((mail) => mail.template === "reservation-booked")!);
    const update = icsLines(mails.find((mail) => mail.template === "reservation-moved")!);
    const uid = booked.find((line) => line.startsWith("UID:"));
    expect(uid).toBeDefined();
    expect(update).toContain(uid);
    const sequence = (lines: string[]) => Number(lines.find((line) => line.startsWith("SEQUENCE:"))!.slice(9));
    expect(sequence(update)).toBeGreaterThan(sequence(booked));
  });

  test("the asked moment and party follow to the restaurant's page, its free times in view and its booking button", async ({
    page,
    request,
    isMobile,
  }) => {
    const date = evening();
    const target = await milanForFour(request, date);
    const screenHeight = page.viewportSize()!.height;

    // A search for a table lists the restaurants with free times first, the offers after them:
    // the first free time is within two screens of a phone (decision 055).
    await page.goto(`/search?location=Milano&date=${date}&time=20:30&people=4`);
    const firstTime = page.getByRole("region", { name: "Risultati" }).getByRole("link", { name: /^\d\d:\d\d / });
    await expect(firstTime.first()).toBeVisible();
    expect((await firstTime.first().boundingBox())!.y).toBeLessThan(2 * screenHeight);

    await page.goto(`/restaurants/${target.id}?date=${date}&time=20:30&people=4`);
    const times = page.getByRole("list", { name: "Orari liberi per 4 persone" });
    // On a laptop a free time shows without scrolling, beside the photo.
    if (!isMobile) await expect(times.getByRole("link").first()).toBeInViewport();
    const reserve = page.getByRole("link", { name: "Prenota un tavolo" });
    const formFor = (people: number) =>
      `/login?next=${encodeURIComponent(`/reservation/${target.id}?date=${date}&time=20%3A30&people=${people}`)}`;
    await expect(reserve).toHaveAttribute("href", formFor(4));
    await page.getByRole("combobox", { name: /^Persone/ }).selectOption("3");
    await expect(reserve).toHaveAttribute("href", formFor(3));
    // The page's own address says it too: shared, it asks the same.
    await expect(page).toHaveURL(new RegExp(`\\?date=${date}&time=20%3A30&people=3$`));
    await expectNoSeriousA11yViolations(page);
  });

  test.describe("in English", () => {
    test.use({ locale: "en-GB" });
    test(
      "a move into a time just taken says so, and the old booking stands",
      PHONE_ONLY_TEST,
      async ({ page, request }) => {
        const diner = newPerson("move-409", "Sara", "Neri");
        const other = newPerson("move-409-other", "Paolo", "Riva");
        await registerViaApi(request, diner, "en");
        await registerViaApi(request, other, "en");
        const date = evening();
        const target = await milanForFour(request, date);
        const headers = async (person: Person) => ({
          authorization: `Bearer ${await tokenOf(request, person)}`,
          "idempotency-key": crypto.randomUUID(),
        });
        const free = await request.get(`/api/client/getAvailableTables/${target.id}?date=${date}&time=20:30&people=2`);
        const smallest = ((await free.json()) as { tables: Table[] }).tables
          .filter((table) => table.isAvailable && table.capacity >= 2)
          .sort((a, b) => a.capacity - b.capacity)[0]!;
        const first = await request.post("/api/client/makeReservation", {
          headers: await headers(diner),
          data: {
            restaurantId: target.id,
            date,
            time: "20:30",
            numberOfPeople: 2,
            tableId: smallest.id,
            specialRequests: "",
          },
        });
        expect(first.status(), await first.text()).toBe(201);

        await signIn(page, diner, "Sign in");
        await page.goto("/history");
        await page
          .getByRole("article")
          .filter({ hasText: target.name })
          .getByRole("link", { name: /^Change/ })
          .click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change booking");
        const time = page.getByRole("combobox", { name: /^Time/ });
        await expect(time.locator('option[value="21:00"]')).toBeAttached();
        await time.selectOption("21:00");
        await expect(page.getByRole("radio", { checked: true })).toHaveCount(1);
        // The form proposes the booking's own table (its own seating is free to it, decision 032),
        // which nobody else can take: the diner picks another one.
        const another = page.locator(`input[type="radio"]:not([value="${smallest.id}"]):enabled`).first();
        await another.check();
        const tableId = await another.inputValue();

        // Someone else takes that very table at that time while the diner looks at the form.
        const taken = await request.post("/api/client/makeReservation", {
          headers: await headers(other),
          data: { restaurantId: target.id, date, time: "21:00", numberOfPeople: 2, tableId, specialRequests: "" },
        });
        expect(taken.status(), await taken.text()).toBe(201);

        await page.getByRole("button", { name: "Save the change" }).click();
        await expect(
          page.getByText(/That time was just taken by someone else\. Your booking of .* at 20:30 still stands/),
        ).toBeVisible();
        await expectNoSeriousA11yViolations(page);

        await page.goto("/history");
        const booking = page.getByRole("article").filter({ hasText: target.name });
        await expect(booking).toContainText("20:30");
        await expect(booking).not.toContainText("21:00");
      },
    );
  });
});
