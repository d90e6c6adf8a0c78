import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../../test/raw-http";
import { createTestApp, type TestApp } from "../../test/test-app";
import { PERMISSIONS_POLICY } from "./permissions-policy";

/** Geolocation for our own pages only, every other powerful feature off, on every answer (decision 019). */
let dist: string;
let t: TestApp;
let port: number;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "tavolo-policy-dist-"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Tavolo</title>");
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log(1)");
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const policyOf = async (url: string, init?: RequestInit) => {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, init);
  await res.arrayBuffer();
  return { status: res.status, policy: res.headers.get("permissions-policy") };
};

describe("Permissions-Policy", () => {
  it("allows geolocation to our origin only and turns the usual powerful features off", () => {
    const rules = Object.fromEntries(PERMISSIONS_POLICY.split(", ").map((rule) => rule.split("=")));
    expect(rules.geolocation).toBe("(self)");
    for (const feature of ["camera", "microphone", "payment", "usb", "fullscreen", "browsing-topics", "autoplay"]) {
      expect(rules[feature], feature).toBe("()");
    }
    expect(Object.values(rules).filter((value) => value !== "()")).toEqual(["(self)"]);
  });

  it("is on every answer: the app's HTML and files, the API, its refusals and the router's", async () => {
    const answers = {
      "the home page": await policyOf("/"),
      "a deep link": await policyOf("/restaurants/abc"),
      "a hashed asset": await policyOf("/assets/index-abc123.js"),
      "an API read": await policyOf("/api/health"),
      "an unknown API path": await policyOf("/api/nothing-here"),
      "a refused body": await policyOf("/api/client/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
      "a broken escape": await policyOf("/api/client/getRestaurantById/%E0%A4%A"),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([what, answer]) => [what, answer.status]))).toEqual({
      "the home page": 200,
      "a deep link": 200,
      "a hashed asset": 200,
      "an API read": 200,
      "an unknown API path": 404,
      "a refused body": 400,
      "a broken escape": 400,
    });
    for (const [what, answer] of Object.entries(answers)) expect(answer.policy, what).toBe(PERMISSIONS_POLICY);
  });

  it("is on the answers to what the HTTP parser refuses", async () => {
    const res = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"y".repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
  });
});
