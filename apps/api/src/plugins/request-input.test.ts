import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app";
import { STRONG_PASSWORD, uniqueEmail } from "../../test/auth-helpers";
import { diner, reservationCount } from "../../test/reservation-helpers";

/** The inputs the fuzz suite found answered 500 or untranslated, pinned one by one. */
const t = useTestApp();

const inject = (url: string, payload?: string | Buffer, contentType = "application/json", language = "en") =>
  t.app.inject({
    method: payload === undefined ? "GET" : "POST",
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { "accept-language": language, ...(payload === undefined ? {} : { "content-type": contentType }) },
  });

const registration = (firstName: string) =>
  JSON.stringify({
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    firstName,
    lastName: "Rossi",
    termsAccepted: true,
  });

describe("request input", () => {
  it("refuses NUL and unpaired surrogates in body, query and path, translated (PostgreSQL answered 500)", async () => {
    const cases = [
      inject("/api/client/register", registration("Anna\u0000")),
      inject("/api/client/register", registration("Anna\ud800")),
      inject("/api/dev/outbox?to=%00a%40b.it"),
      inject("/api/client/city-interests/mil%00ano"),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.json(), res.body).toEqual({
        success: false,
        code: "invalid_characters",
        error: "The text contains characters that are not allowed",
      });
    }
  });

  it("refuses JSON that is not valid UTF-8 instead of storing U+FFFD", async () => {
    const payload = Buffer.concat([Buffer.from(registration("Anna").slice(0, -1)), Buffer.from([0xff, 0x7d])]);
    const res = await inject("/api/client/register", payload, "application/json", "it");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "invalid_utf8",
      error: "Il corpo della richiesta non è testo UTF-8 valido",
    });
  });

  it("reads JSON only: a text body is a 415, even where no body is expected", async () => {
    const who = await diner(t);
    const before = await reservationCount(t);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/client/cancelReservation/${crypto.randomUUID()}`,
      payload: "{}",
      headers: { ...who.headers, "content-type": "text/plain" },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: "unsupported_media_type" });
    expect(await reservationCount(t)).toBe(before);
  });

  it("answers the router's own refusals in our translated envelope", async () => {
    const badEscape = await inject("/api/client/getRestaurantById/%E0%A4%A", undefined, undefined, "it");
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({
      success: false,
      code: "bad_url",
      error: "L'indirizzo contiene una codifica non valida",
    });
    const tooLong = await inject(`/api/client/getRestaurantById/${"x".repeat(300)}`);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      success: false,
      code: "uri_too_long",
      error: "The requested address is too long",
    });
  });
});
