import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySecurityHeaders } from "../http/security-headers";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("platform", () => {
  it("reports liveness and readiness", async () => {
    expect((await t.app.inject("/api/health")).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject("/api/ready");
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(t.database.kind);
  });

  it("answers unknown API paths with translated JSON 404s", async () => {
    const res = await t.app.inject({ url: "/api/client/nope", headers: { "accept-language": "en" } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: "Resource not found", code: "not_found" });
  });

  it("sends security headers", async () => {
    const res = await t.app.inject("/api/health");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("sends every header helmet itself writes, as it writes them, though they are written once per process", async () => {
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    applySecurityHeaders(response.req, response, () => {});
    const helmets = Object.entries(response.getHeaders());
    expect(helmets.length).toBeGreaterThan(10);
    for (const url of ["/api/health", "/api/client/nope", "/"]) {
      const res = await t.app.inject(url);
      for (const [name, value] of helmets) expect([url, name, res.headers[name]]).toEqual([url, name, value]);
    }
  });

  it("publishes an OpenAPI document and a reference page", async () => {
    const doc = await t.app.inject("/api/docs/json");
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain("/api/client/searchRestaurantsByLocation");
    expect((await t.app.inject("/api/docs")).statusCode).toBeLessThan(400);
  });
});

describe("readiness without a database", () => {
  it("is 503 with Retry-After once the database is gone", async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject("/api/ready");
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toMatchObject({ success: false, code: "not_ready" });
    await other.close();
  });
});
