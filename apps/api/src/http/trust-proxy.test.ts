import Fastify from "fastify";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { TEST_JWT_SECRET } from "../../test/test-app";
import { fastifyTrustProxy, parseTrustProxy, type TrustProxy } from "./trust-proxy";

const config = (TRUST_PROXY: string) => loadConfig({ DATA_DIR: "memory://", JWT_SECRET: TEST_JWT_SECRET, TRUST_PROXY });

/** The address Fastify names as the client under a TRUST_PROXY value, for one peer and header. */
async function clientAddress(trustProxy: TrustProxy, forwardedFor: string | undefined, peer = "127.0.0.1") {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trustProxy) });
  app.get("/ip", (request) => ({ ip: request.ip }));
  const headers = forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor };
  const res = await app.inject({ url: "/ip", headers, remoteAddress: peer });
  await app.close();
  return res.json<{ ip: string }>().ip;
}

describe("TRUST_PROXY (decision 036)", () => {
  it("reads the forms an operator writes", () => {
    expect(config("").trustProxy).toBe(false);
    expect(config("false").trustProxy).toBe(false);
    expect(config("0").trustProxy).toBe(false);
    expect(config("true").trustProxy).toBe(1);
    expect(config("TRUE").trustProxy).toBe(1);
    expect(config("2").trustProxy).toBe(2);
    expect(config("10.0.0.0/8, 192.0.2.7,fd00::/8, loopback").trustProxy).toEqual([
      "10.0.0.0/8",
      "192.0.2.7",
      "fd00::/8",
      "loopback",
    ]);
    expect(loadConfig({ DATA_DIR: "memory://", JWT_SECRET: TEST_JWT_SECRET }).trustProxy).toBe(false);
  });

  it.each(["yes", "11", "-1", "1.5", "10.0.0.0/33", "::1/129", "10.0.0.1,", "10.0.0.1/8/8", "example.com"])(
    "refuses %j with a message naming the forms",
    (value) => {
      expect(() => config(value)).toThrow(ConfigError);
      expect(() => config(value)).toThrow(/TRUST_PROXY/);
    },
  );

  it("`true` (one hop) takes the right-most address: a client's own entries to the left are ignored", async () => {
    expect(await clientAddress(config("true").trustProxy, "6.6.6.6, 198.51.100.1")).toBe("198.51.100.1");
    expect(await clientAddress(config("1").trustProxy, "198.51.100.1")).toBe("198.51.100.1");
    expect(await clientAddress(config("1").trustProxy, undefined)).toBe("127.0.0.1");
    expect(await clientAddress(config("false").trustProxy, "198.51.100.1")).toBe("127.0.0.1");
    // Two hops: the load balancer's entry is trusted, the CDN's client entry is the address.
    expect(await clientAddress(config("2").trustProxy, "6.6.6.6, 198.51.100.1, 10.0.0.5")).toBe("198.51.100.1");
  });

  it("a list takes the right-most address that is not one of the proxies", async () => {
    const trust = config("127.0.0.1, 10.0.0.0/8").trustProxy;
    expect(await clientAddress(trust, "6.6.6.6, 198.51.100.1, 10.1.2.3")).toBe("198.51.100.1");
    // A peer that is not a listed proxy is the client, whatever it writes.
    expect(await clientAddress(trust, "198.51.100.1", "203.0.113.50")).toBe("203.0.113.50");
  });

  it("fuzz: any text is either a TrustProxy or a ConfigError, never another failure", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (raw) => {
        const parsed = parseTrustProxy(raw);
        if ("error" in parsed) {
          expect(() => config(raw)).toThrow(ConfigError);
          return;
        }
        const value = config(raw).trustProxy;
        expect(value).toEqual(parsed.value);
        expect(value === false || typeof value === "number" || Array.isArray(value)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("fuzz: a list of addresses and CIDRs is accepted as written and Fastify starts with it, or refused at config", async () => {
    const cidr = fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 })).map(([ip, bits]) => `${ip}/${bits}`),
      fc.tuple(fc.ipV6(), fc.integer({ min: 0, max: 128 })).map(([ip, bits]) => `${ip}/${bits}`),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(cidr, { minLength: 1, maxLength: 4 }), fc.ipV4(), async (entries, client) => {
        const raw = entries.join(" , ");
        // Some IPv6 spellings Node reads, Fastify's reader does not: refused here, not at start.
        if ("error" in parseTrustProxy(raw)) {
          expect(() => config(raw)).toThrow(ConfigError);
          return;
        }
        const value = config(raw).trustProxy;
        expect(value).toEqual(entries);
        // Whatever the list, the client address is one of the addresses in play, never a failure.
        const ip = await clientAddress(value, client);
        expect(["127.0.0.1", client]).toContain(ip);
      }),
      { numRuns: 100 },
    );
  });
});
