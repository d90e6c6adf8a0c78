import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { refusedStart, startServerProcess, type ServerProcess } from "../../test/server-process";
import { TEST_JWT_SECRET, useTestApp } from "../../test/test-app";

/**
 * Decision 017: the outbox (and its pages, which hold reset links) is the embedded default's
 * transport. A production start (DATABASE_URL) without SMTP_URL is refused; the explicit staging
 * opt-in keeps the pages for loopback clients only. Checked on real starts of src/server.ts.
 */
const production = { DATABASE_URL: "postgres://postgres@127.0.0.1:1/unused", JWT_SECRET: TEST_JWT_SECRET };

describe("a production start without SMTP_URL", () => {
  it("is refused with exit code 1 and one line naming SMTP_URL", async () => {
    const { code, stderr } = await refusedStart(production);
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines, stderr).toHaveLength(1);
    expect(lines[0]).toContain("SMTP_URL");
    expect(lines[0]).toContain("MAIL_TRANSPORT=outbox");
  });

  it("is refused when MAIL_TRANSPORT contradicts SMTP_URL", async () => {
    expect(() => loadConfig({ ...production, MAIL_TRANSPORT: "smtp" })).toThrow(/MAIL_TRANSPORT=smtp needs SMTP_URL/);
    expect(() => loadConfig({ ...production, MAIL_TRANSPORT: "outbox", SMTP_URL: "smtp://mail.test:587" })).toThrow(
      /contradict/,
    );
  });

  it("opens the mailbox to everyone only in the embedded default or when DEV_MAILBOX_PUBLIC says so", () => {
    const embedded = { DATA_DIR: "memory://", JWT_SECRET: TEST_JWT_SECRET };
    expect(loadConfig(embedded).devMailboxPublic).toBe(true);
    expect(loadConfig({ ...embedded, DEV_MAILBOX_PUBLIC: "false" }).devMailboxPublic).toBe(false);
    expect(loadConfig({ ...production, MAIL_TRANSPORT: "outbox" }).devMailboxPublic).toBe(false);
    expect(loadConfig({ ...production, MAIL_TRANSPORT: "outbox", DEV_MAILBOX_PUBLIC: "true" }).devMailboxPublic).toBe(
      true,
    );
    expect(loadConfig({ ...production, SMTP_URL: "smtp://mail.test:587" }).smtpUrl).toBe("smtp://mail.test:587");
  });
});

/** This machine's first non-loopback IPv4 address: a request to it does not come from loopback. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

describe.skipIf(process.env.TAVOLO_TEST_DATABASE !== "postgres")("a staging start (MAIL_TRANSPORT=outbox)", () => {
  const t = useTestApp();
  let server: ServerProcess;
  let port: string;
  beforeAll(async () => {
    server = await startServerProcess({
      DATABASE_URL: t.databaseUrl!,
      JWT_SECRET: TEST_JWT_SECRET,
      MAIL_TRANSPORT: "outbox",
      TRUST_PROXY: "true",
      // Every interface, so the test can also arrive from a non-loopback address of this machine.
      HOST: "0.0.0.0",
    });
    port = new URL(server.url).port;
  });
  afterAll(() => server?.stop("SIGTERM"));

  const get = (path: string, headers: Record<string, string> = {}, host = "127.0.0.1") =>
    fetch(`http://${host}:${port}${path}`, { headers: { "accept-language": "en", ...headers } });

  async function expectHidden(res: Response) {
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: "Resource not found", code: "not_found" });
  }

  it("serves the outbox and the mailbox page to a loopback client", async () => {
    const outbox = await get("/api/dev/outbox");
    expect(outbox.status).toBe(200);
    expect(await outbox.json()).toMatchObject({ success: true, messages: expect.any(Array) });
    expect((await get("/dev/mailbox")).status).toBe(200);
    // A header naming a relayed client makes it remote, even one naming loopback (decision 036).
    await expectHidden(await get("/api/dev/outbox", { "x-forwarded-for": "127.0.0.1" }));
    await expectHidden(await get("/api/dev/outbox", { "x-real-ip": "203.0.113.9" }));
    await expectHidden(await get("/dev/mailbox", { "cf-connecting-ip": "203.0.113.9" }));
  });

  it("answers a client behind the proxy as if the pages did not exist", async () => {
    await expectHidden(await get("/api/dev/outbox", { "x-forwarded-for": "203.0.113.9" }));
    await expectHidden(await get("/dev/mailbox", { "x-forwarded-for": "203.0.113.9" }));
    // A forged loopback entry in front of the proxy's own does not help.
    await expectHidden(await get("/api/dev/outbox", { "x-forwarded-for": "127.0.0.1, 203.0.113.9" }));
    await expectHidden(await get("/api/dev/outbox", { forwarded: "for=203.0.113.9;proto=https" }));
    await expectHidden(await get("/api/dev/outbox", { "x-forwarded-for": "unknown" }));
  });

  it.skipIf(!outsideAddress)(
    "answers a client arriving on a non-loopback address as if the pages did not exist",
    async () => {
      await expectHidden(await get("/api/dev/outbox", {}, outsideAddress));
      await expectHidden(await get("/dev/mailbox", {}, outsideAddress));
      // The rest of the server answers that client as usual.
      expect((await get("/api/health", {}, outsideAddress)).status).toBe(200);
    },
  );
});
