import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../../test/raw-http";
import { useTestApp } from "../../test/test-app";

/**
 * What Node's HTTP parser refuses before any route runs, over a real socket: the same JSON error
 * envelope as every other refusal, in the language the request asked for (decision 019).
 */
const t = useTestApp();
let port: number;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});

const get = (target: string, headers: Record<string, string> = {}) =>
  rawRequest(
    port,
    [
      `GET ${target} HTTP/1.1`,
      "Host: tavolo.test",
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      "",
      "",
    ].join("\r\n"),
  );

describe("requests the HTTP parser refuses", () => {
  it("answers an address longer than the parser takes with 414 uri_too_long, in Italian by default", async () => {
    const res = await get(`/api/client/getAllAvailableCities?q=${"a".repeat(20_000)}`);
    expect(res.status).toBe(414);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      error: "L'indirizzo richiesto è troppo lungo",
      code: "uri_too_long",
    });
  });

  it("answers headers over 16 KiB with 431 headers_too_large, in the language the request asked for", async () => {
    const res = await get("/api/health", { "Accept-Language": "en-GB,en;q=0.9", Cookie: `c=${"x".repeat(20_000)}` });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      error: "The request headers are too large",
      code: "headers_too_large",
    });
    const italian = await get("/api/health", { "X-User-Language": "it", "X-Big": "y".repeat(20_000) });
    expect(italian.status).toBe(431);
    expect(JSON.parse(italian.body)).toMatchObject({ error: "Le intestazioni della richiesta sono troppo grandi" });
  });

  it("answers an address over the router's limit with 414 in the same envelope", async () => {
    const res = await get(`/api/client/getRestaurantById/${"x".repeat(300)}`, { "Accept-Language": "en" });
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      error: "The requested address is too long",
      code: "uri_too_long",
    });
  });

  it("answers a request that is not HTTP with 400 bad_request", async () => {
    const res = await rawRequest(port, "HELLO WORLD\r\n\r\n");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ success: false, error: "Richiesta non valida", code: "bad_request" });
  });

  it("still serves a long address the parser takes", async () => {
    const res = await get(`/api/client/getAllAvailableCities?q=${"a".repeat(8_000)}`, { Connection: "close" });
    expect(res.status).toBe(200);
  });
});
