import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeIn, latestMail, registration, STRONG_PASSWORD, uniqueEmail } from "../../test/auth-helpers";
import { startServerProcess, type ServerProcess } from "../../test/server-process";
import { TEST_JWT_SECRET, useTestApp } from "../../test/test-app";

/**
 * Decision 036, as an operator runs it: the real server (src/server.ts) on PostgreSQL with a
 * JWT_SECRET, behind one load balancer (TRUST_PROXY=1) that appends each client's address to
 * X-Forwarded-For. Two clients behind it: one rotating the entries it writes itself, one honest.
 * The mail goes to the outbox (staging), which the test reads from the same database.
 */
describe.skipIf(process.env.TAVOLO_TEST_DATABASE !== "postgres")("a production-style start behind one proxy", () => {
  const t = useTestApp();
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({
      DATABASE_URL: t.databaseUrl!,
      JWT_SECRET: TEST_JWT_SECRET,
      MAIL_TRANSPORT: "outbox",
      TRUST_PROXY: "1",
      AUTH_RATE_LIMIT_PER_IP: "1000",
      AUTH_RATE_LIMIT_FAILURES_PER_IP: "5",
      AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: "3",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "6",
      AUTH_RATE_LIMIT_FAILURE_DELAY_MS: "0",
    });
  });
  afterAll(() => server?.stop("SIGTERM"));

  /** A request as the load balancer forwards it: whatever the client wrote, then the client's address. */
  const viaProxy = (client: string, path: string, body: object, written?: string) =>
    fetch(`${server.url}/api/client/${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "accept-language": "en",
        "x-forwarded-for": written ? `${written}, ${client}` : client,
      },
      body: JSON.stringify(body),
    });
  const spoofed = () => `${randomInt(1, 223)}.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

  it("keeps per-address limits for a client that rotates the addresses it writes, and not for its neighbour", async () => {
    const rotating = "203.0.113.5";
    for (let i = 0; i < 5; i += 1) {
      const res = await viaProxy(
        rotating,
        "login",
        { email: uniqueEmail("spray"), password: "Wrong#Pass1" },
        spoofed(),
      );
      expect(res.status, `failure ${i + 1}`).toBe(401);
    }
    const refused = await viaProxy(
      rotating,
      "login",
      { email: uniqueEmail("spray"), password: "Wrong#Pass1" },
      spoofed(),
    );
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
    // The honest client behind the same proxy has its own count.
    const honest = await viaProxy("198.51.100.20", "login", { email: uniqueEmail("honest"), password: "Wrong#Pass1" });
    expect(honest.status).toBe(401);
  });

  it("signs the diner in with a mailed code once strangers reached the account's ceiling, and keeps the device refreshing", async () => {
    const payload = registration();
    const created = await viaProxy("198.51.100.30", "register", payload);
    expect(created.status).toBe(201);
    const device = (await created.json()) as { refreshToken: string };
    const email = String(payload.email);
    // Six wrong passwords from three addresses behind the proxy, two each: no address's limit, the account's.
    for (let i = 0; i < 6; i += 1) {
      const res = await viaProxy(`203.0.113.${10 + (i % 3)}`, "login", { email, password: "Wrong#Pass1" }, spoofed());
      expect(res.status).toBe(401);
    }
    const asked = await viaProxy("198.51.100.31", "login", { email, password: STRONG_PASSWORD });
    expect(asked.status).toBe(401);
    expect(await asked.json()).toMatchObject({ code: "login_code_required" });
    const code = codeIn(await latestMail(t.app, email, "login-code"));
    const signedIn = await viaProxy("198.51.100.31", "login", { email, password: STRONG_PASSWORD, code });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ success: true, user: { email } });

    const refreshed = await viaProxy("198.51.100.30", "refresh-token", { refreshToken: device.refreshToken });
    expect(refreshed.status).toBe(200);
  });
});
