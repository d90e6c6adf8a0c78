import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADERS, isLoopbackClient } from "./loopback-client";

/** Decision 036: a loopback peer is local only when no header names a relayed client. */
describe("isLoopbackClient", () => {
  const app = Fastify();
  app.get("/who", (request) => ({ local: isLoopbackClient(request) }));
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const local = async (headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
    (await app.inject({ url: "/who", headers, remoteAddress })).json<{ local: boolean }>().local;

  it("counts a loopback peer without proxy headers as local, IPv4 and IPv6", async () => {
    expect(await local({})).toBe(true);
    expect(await local({}, "::1")).toBe(true);
    expect(await local({}, "::ffff:127.0.0.1")).toBe(true);
    expect(await local({}, "203.0.113.9")).toBe(false);
  });

  it.each([
    ["x-real-ip", "203.0.113.9"],
    ["cf-connecting-ip", "203.0.113.9"],
    ["true-client-ip", "2001:db8::1"],
    ["x-forwarded-for", "203.0.113.9"],
    ["forwarded", "for=203.0.113.9;proto=https"],
  ])("treats %s from a loopback peer as a relayed, remote client", async (name, value) => {
    expect(await local({ [name]: value })).toBe(false);
  });

  it("treats every client-address header as relayed, even when it names loopback or is garbage", async () => {
    for (const name of CLIENT_ADDRESS_HEADERS) {
      for (const value of ["127.0.0.1", "::1", "", "unknown", 'for="[::1]"']) {
        expect(await local({ [name]: value }), `${name}: ${value}`).toBe(false);
      }
    }
  });
});
