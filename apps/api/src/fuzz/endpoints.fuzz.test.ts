import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createBookingFixture, diner, makeReservation, romeDate, type Diner } from "../../test/reservation-helpers";
import { addOffer, offerClosingIn } from "../../test/offer-helpers";
import { newGoogleUser, useGoogleMock } from "../../test/google-mock";
import { useFixture, useTestApp } from "../../test/test-app";
import { combinedFieldsOf, combinedRequestArbitrary, type CombinedRequest } from "./combined-fields";
import { endpointCatalog, foreignCalls, FUZZ_PUSH_ORIGIN, PLACEHOLDER_IDS, type FuzzIds } from "./endpoint-catalog";
import {
  expectTranslatedRefusal,
  expectWellFormed,
  requestArbitrary,
  routeRecorder,
  send,
  type FuzzRequest,
} from "./fuzz-requests";
import { oversizedBody, RAW_BODIES } from "./hostile-inputs";
import { changedTables, outboxSettled, tableChecksums } from "./table-checksums";

/**
 * Hostile input on every endpoint (decision 016): random and near-valid requests never get a 5xx, every
 * refusal is a translated JSON error, and a batch of requests built to be refused changes no row
 * of any table. FUZZ_RUNS sets the cases per property; FUZZ_SEED (and FUZZ_PATH) replay a failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
// fast-check prints "seed: …, path: …" with a counterexample: replay it with `-t "<test name>"`.
const RUN_PARAMETERS: fc.Parameters<unknown> = {
  numRuns: RUNS,
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED), path: process.env.FUZZ_PATH } : {}),
};

const recorder = routeRecorder();
// Google sign-in configured against a local issuer, so its endpoints run for real rather than 503.
const google = useGoogleMock();
const t = useTestApp(() => ({
  env: { ...google.env, PUSH_EXTRA_ORIGINS: FUZZ_PUSH_ORIGIN },
  onRoute: recorder.onRoute,
}));

/**
 * Each diner books a seating of their own, so no two bookings of the suite clash: a day of its
 * own within the booking horizon, then the same days again at a later time (the routes outnumber
 * the horizon's days).
 */
let bookings = 0;
const DAYS = 80;
const SEPARATE_TIMES = ["20:00", "12:00", "16:00"];
function nextSeating(): { date: string; time: string } {
  const n = bookings++;
  return { date: romeDate(2 + (n % DAYS)), time: SEPARATE_TIMES[Math.floor(n / DAYS) % SEPARATE_TIMES.length]! };
}

/** The diner whose token the calls carry, with a booking of their own, and another diner with one. */
async function dinerWithBooking(base: Omit<FuzzIds, "me" | "other" | "bookingDate" | "googleIdToken">) {
  const who = await diner(t);
  const seating = nextSeating();
  const ids = { ...base, bookingDate: seating.date };
  const res = await makeReservation(t, who, {
    restaurantId: ids.restaurantId,
    tableId: ids.tableId,
    date: ids.bookingDate,
    time: seating.time,
    numberOfPeople: 2,
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`booking failed: ${res.body}`);
  const reservationId = (res.json() as { reservation: { id: string } }).reservation.id;
  return { who, bookingDate: ids.bookingDate, ids: { userId: who.userId, email: who.email, reservationId } };
}

const shared = useFixture(async () => {
  const booking = await createBookingFixture(t);
  const base = {
    restaurantId: booking.allDay.id,
    tableId: booking.allDay.tables[2]!,
    offerId: await addOffer(t, offerClosingIn(booking.allDay.id, 180)),
  };
  const other = await dinerWithBooking(base);
  return { base, other: other.ids };
});

/** Placeholder ids: only the catalog's keys are read at collection time. */
const CATALOG_KEYS = Object.keys(endpointCatalog(PLACEHOLDER_IDS));

const settledChecksums = async () => {
  await outboxSettled(t.database.db);
  return tableChecksums(t.database.db);
};

const assertUnchanged = async (before: Record<string, string>, tried: FuzzRequest[]) => {
  const changed = changedTables(before, await tableChecksums(t.database.db));
  const sample = tried
    .slice(-5)
    .map((request) => `${request.method} ${request.url} ${request.body?.slice(0, 200) ?? ""}`);
  expect(changed, `rows changed by requests that must not write, e.g.:\n${sample.join("\n")}`).toEqual([]);
};

describe("hostile input on every endpoint", () => {
  it("covers every registered route, and only those", () => {
    const registered = [...recorder.routes.keys()].sort();
    expect(registered.length).toBeGreaterThan(40);
    expect(
      registered.filter((key) => !CATALOG_KEYS.includes(key)),
      "routes without fuzz coverage",
    ).toEqual([]);
    expect(
      CATALOG_KEYS.filter((key) => !recorder.routes.has(key)),
      "catalog entries for no route",
    ).toEqual([]);
  });

  it("refuses another diner's ids (object level) and changes nothing", async () => {
    const me = await diner(t);
    const before = await settledChecksums();
    for (const call of foreignCalls({ ...shared.base, bookingDate: romeDate(1), other: shared.other })) {
      const request = { ...call, auth: "diner" as const, body: call.body && JSON.stringify(call.body) };
      const [italian, english] = [
        await send(t.app, request, token(me), "it"),
        await send(t.app, request, token(me), "en"),
      ];
      expect([403, 404], `${call.method} ${call.url}: ${english.body}`).toContain(english.statusCode);
      expectTranslatedRefusal(italian, english);
    }
    await assertUnchanged(before, []);
  });

  it("answers values valid alone but breaking a rule together with a 2xx or a 4xx, on every route that has them", async () => {
    const routes = [...recorder.routes].filter(([, schemas]) => combinedFieldsOf(schemas).length > 0);
    expect(routes.map(([key]) => key)).toEqual(
      expect.arrayContaining([
        "POST /api/client/register",
        "POST /api/client/createUserProfile",
        "PUT /api/client/updateProfile/:id",
        "POST /api/client/makeReservation",
        "POST /api/client/modifyReservation/:id",
        "POST /api/client/bookLastMinute",
        "GET /api/client/getAvailableTables/:id",
        "GET /api/client/getAvailableLastMinute",
        "GET /api/client/getLastMinuteByCity",
        "POST /api/client/registerCityAvailabilityInterest",
        "GET /api/client/searchRestaurantsByLocation",
      ]),
    );
    for (const [key, schemas] of routes) {
      // A diner of its own per route: its stored names and bookings are part of each combination.
      const mine = await dinerWithBooking(shared.base);
      const ids = {
        ...shared.base,
        bookingDate: mine.bookingDate,
        googleIdToken: "",
        me: mine.ids,
        other: shared.other,
      };
      const example = endpointCatalog(ids)[key]!;
      const tried: CombinedRequest[] = [];
      await fc.assert(
        fc.asyncProperty(combinedRequestArbitrary(key, example, schemas)!, async (request) => {
          tried.push(request);
          const method = key.split(" ")[0]!;
          const res = await send(
            t.app,
            { method, url: request.url, auth: "diner", body: request.body },
            token(mine.who),
          );
          expectWellFormed(res, example.successNotJson);
        }),
        RUN_PARAMETERS,
      );
      expect(tried.length, key).toBeGreaterThan(0);
    }
  });

  for (const key of CATALOG_KEYS) {
    describe(key, () => {
      // Each endpoint gets a diner of its own: a fuzzed logout or password change cannot spill over.
      let me: Diner;
      let ids: FuzzIds;
      beforeAll(async () => {
        const mine = await dinerWithBooking(shared.base);
        me = mine.who;
        const googleIdToken = await google.idToken(newGoogleUser());
        ids = { ...shared.base, bookingDate: mine.bookingDate, googleIdToken, me: mine.ids, other: shared.other };
      });
      const example = () => endpointCatalog(ids)[key]!;
      const arbitrary = () => requestArbitrary(key, example(), recorder.routes.get(key) ?? {});

      it(`never answers 5xx or a malformed body (${RUNS} random and near-valid requests)`, async () => {
        const tried: FuzzRequest[] = [];
        const before = await settledChecksums();
        await fc.assert(
          fc.asyncProperty(arbitrary(), async (request) => {
            tried.push(request);
            expectWellFormed(await send(t.app, request, token(me)), example().successNotJson);
          }),
          RUN_PARAMETERS,
        );
        // Reads never write, whatever they are sent.
        if (key.startsWith("GET ") && !example().writes) await assertUnchanged(before, tried);
      });

      it(`refuses ${RUNS} invalid requests in the caller's language, changing no row`, async () => {
        const tried: FuzzRequest[] = [];
        const before = await settledChecksums();
        await fc.assert(
          fc.asyncProperty(arbitrary(), async (request) => {
            if (!request.invalid) return;
            tried.push(request);
            const italian = await send(t.app, request, token(me), "it");
            expectTranslatedRefusal(italian, await send(t.app, request, token(me), "en"));
          }),
          RUN_PARAMETERS,
        );
        await assertUnchanged(before, tried);
      });

      if (!key.startsWith("GET ")) {
        it(`refuses ${RAW_BODIES.length + 1} broken bodies (malformed, invalid UTF-8, wrong type, > 1 MiB)`, async () => {
          const before = await settledChecksums();
          const url = Object.entries(example().params ?? {}).reduce(
            (path, [name, value]) => path.replace(`:${name}`, value),
            key.split(" ")[1]!,
          );
          const method = key.split(" ")[0]!;
          for (const raw of [...RAW_BODIES, { label: "over 1 MiB", payload: oversizedBody() }]) {
            const request = { method, url, auth: "diner" as const, body: raw.payload, contentType: raw.contentType };
            const [italian, english] = [
              await send(t.app, request, token(me), "it"),
              await send(t.app, request, token(me), "en"),
            ];
            expect(english.statusCode, `${raw.label}: ${english.body}`).toBeGreaterThanOrEqual(400);
            expectTranslatedRefusal(italian, english);
            if (raw.label === "over 1 MiB") {
              expect(english.statusCode).toBe(413);
              expect(english.json()).toMatchObject({ code: "payload_too_large" });
            }
          }
          await assertUnchanged(before, []);
        });
      }
    });
  }
});

const token = (who: Diner) => who.headers.authorization.replace(/^Bearer /, "");
