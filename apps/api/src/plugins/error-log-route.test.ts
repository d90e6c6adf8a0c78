import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { LogLine } from "../../test/log-recorder";
import { registerErrorHandling } from "./errors";

/** Decision 048: a 500's log line says which route failed by its template, never by a raw id alone. */
describe("an unhandled error's log line", () => {
  it("names the route template and the request id", async () => {
    const lines: LogLine[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
    const app = Fastify({ logger: { level: "info", stream } });
    registerErrorHandling(app);
    app.get("/api/client/getRestaurantById/:id", async () => {
      throw new Error("boom");
    });
    const res = await app.inject("/api/client/getRestaurantById/42");
    expect(res.statusCode).toBe(500);
    const line = lines.find((entry) => entry.msg === "unhandled error");
    expect(line?.route).toBe("/api/client/getRestaurantById/:id");
    expect(line?.reqId).toEqual(expect.any(String));
    await app.close();
  });
});
