import { generateKeyPairSync } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { register } from "../../test/auth-helpers";
import { eventually, startSmtpPeer, type SmtpPeer } from "../../test/smtp-peer";
import { ConfigError, loadConfig } from "../config";
import { createSmtpTransport } from "./smtp-transport";

const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privateKey = keys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const publicKey = keys.publicKey.export({ type: "spki", format: "der" }).toString("base64");

/** The DNS record the operator publishes at <selector>._domainkey.<domain>, answered without a network. */
const resolverFor = (record: string) => async (name: string, type: string) => {
  if (type === "TXT" && name === "mail2026._domainkey.tavolo.test") return [[record]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
};

let smtp: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Tavolo <no-reply@tavolo.test>",
      DKIM_DOMAIN: "tavolo.test",
      DKIM_SELECTOR: "mail2026",
      // As a one-line environment value: newlines written as \n.
      DKIM_PRIVATE_KEY: privateKey.replace(/\n/g, "\\n"),
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

describe("DKIM signing (decision 044)", () => {
  it("signs mail so that an independent verifier (mailauth) passes it against the published key", async () => {
    const account = await register(t.app, { language: "it" });
    const mail = await eventually(() => smtp.received.find((m) => m.to.includes(account.user.email)));
    expect(mail.raw).toMatch(/^DKIM-Signature: .*d=tavolo\.test/m);
    const verdict = await dkimVerify(mail.raw, { resolver: resolverFor(`v=DKIM1; k=rsa; p=${publicKey}`) });
    expect(verdict.results).toEqual([
      expect.objectContaining({
        signingDomain: "tavolo.test",
        selector: "mail2026",
        status: expect.objectContaining({ result: "pass" }),
      }),
    ]);

    // The same message against another key fails: the verdict above is the signature's, not a default.
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "der" });
    const forged = await dkimVerify(mail.raw, {
      resolver: resolverFor(`v=DKIM1; k=rsa; p=${other.toString("base64")}`),
    });
    expect(forged.results[0]!.status.result).toBe("fail");
  });

  it("covers the one-click unsubscribe headers with the signature (mail providers require it)", async () => {
    const transport = createSmtpTransport(smtp.url, t.config.appOrigin, t.config.dkim);
    const unsubscribe = "<https://tavolo.test/api/client/alerts/unsubscribe?token=abc.def>";
    try {
      await transport.deliver({
        to: "alerts@example.it",
        from: "Tavolo <no-reply@tavolo.test>",
        subject: "Nuove offerte a Milano",
        text: "Ciao",
        html: "<p>Ciao</p>",
        attachments: [],
        messageId: "<dkim-unsubscribe-test@tavolo.test>",
        headers: { "List-Unsubscribe": unsubscribe, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
    } finally {
      transport.close();
    }
    const mail = await eventually(() => smtp.received.find((m) => m.to.includes("alerts@example.it")));
    expect(mail.raw.replace(/\r?\n /g, " ")).toContain(`List-Unsubscribe: ${unsubscribe}`);
    expect(mail.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const signedHeaders = /^DKIM-Signature:[\s\S]*?\bh=([^;]+);/m.exec(mail.raw)![1]!.replace(/\s/g, "").toLowerCase();
    expect(signedHeaders.split(":")).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post"]));
    const verdict = await dkimVerify(mail.raw, { resolver: resolverFor(`v=DKIM1; k=rsa; p=${publicKey}`) });
    expect(verdict.results[0]!.status.result).toBe("pass");
  });

  it("refuses a half-set configuration at start", () => {
    const base = { JWT_SECRET: "x".repeat(32), DATA_DIR: "/tmp/tavolo-dkim-config" };
    expect(() => loadConfig({ ...base, DKIM_DOMAIN: "tavolo.test" })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, DKIM_DOMAIN: "tavolo.test", DKIM_SELECTOR: "s", DKIM_PRIVATE_KEY: "not a key" }),
    ).toThrow(/PEM private key/);
    expect(loadConfig(base).dkim).toBeUndefined();
  });
});
