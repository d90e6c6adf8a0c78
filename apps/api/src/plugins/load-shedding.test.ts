import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app";

/**
 * Overload: with one request allowed in flight, a second one is shed at once with 503, Retry-After
 * and our translated JSON, while the probes still answer. The first request is held in flight
 * deterministically by a body that has not finished arriving (onRequest runs before body parsing).
 */
describe("load shedding", () => {
  const t = useTestApp({ env: { MAX_IN_FLIGHT_REQUESTS: "1" } });

  it("answers the excess 503 + Retry-After + JSON, keeps probes up, and recovers", async () => {
    const body = new PassThrough();
    const held = t.app.inject({
      method: "POST",
      url: "/api/client/login",
      headers: { "content-type": "application/json" },
      payload: body,
    });
    // Let the held request reach its onRequest hook.
    await new Promise((resolve) => setImmediate(resolve));

    const shed = await t.app.inject({
      method: "GET",
      url: "/api/client/getAllAvailableCities",
      headers: { "accept-language": "en" },
    });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers["retry-after"]).toBe("1");
    expect(shed.headers["content-type"]).toMatch(/application\/json/);
    expect(shed.json()).toEqual({
      success: false,
      code: "overloaded",
      error: "Service temporarily unavailable. Try again shortly.",
    });
    const italian = await t.app.inject({
      method: "GET",
      url: "/api/client/getAllAvailableCities",
      headers: { "accept-language": "it" },
    });
    expect(italian.json().error).not.toBe(shed.json().error);

    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);

    body.end(JSON.stringify({ email: "nobody@example.it", password: "wrong-password-1" }));
    expect((await held).statusCode).toBe(401);
    const after = await t.app.inject({ method: "GET", url: "/api/client/getAllAvailableCities" });
    expect(after.statusCode).toBe(200);
  });
});
