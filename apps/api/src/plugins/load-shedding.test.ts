import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app";
import { registerLoadShedding } from "./load-shedding";

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

/**
 * A client that leaves does not end its request's work: a handler still running counts until it has
 * answered, so sending and dropping requests gets no more work past the cap (decision 069).
 */
describe("load shedding of requests whose client left", () => {
  it("counts an abandoned request until its handler has answered, whatever became of its body", async () => {
    const app = Fastify();
    registerLoadShedding(app, 1);
    let finish: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    app.post("/slow", async () => {
      started();
      await new Promise<void>((resolve) => (finish = resolve));
      return { ok: true };
    });
    app.get("/quick", async () => ({ ok: true }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    try {
      const leaving = new AbortController();
      const slow = fetch(`${base}/slow`, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
        signal: leaving.signal,
      }).catch(() => "left");
      await running;
      leaving.abort();
      expect(await slow).toBe("left");
      // The server has seen the client go; its handler is still running.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await fetch(`${base}/quick`)).status).toBe(503);
      finish();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await fetch(`${base}/quick`)).status).toBe(200);

      // A body that never finishes arriving: released once Fastify has given up on it.
      const partial = request({
        port,
        host: "127.0.0.1",
        method: "POST",
        path: "/slow",
        headers: { "content-type": "application/json", "content-length": "100" },
      });
      partial.on("error", () => {});
      partial.write('{"x":');
      await new Promise((resolve) => setTimeout(resolve, 100));
      partial.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await fetch(`${base}/quick`)).status).toBe(200);
    } finally {
      finish();
      await app.close();
    }
  });
});
