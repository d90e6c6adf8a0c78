import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { register } from "../../test/auth-helpers";
import { eventually, startSmtpPeer, type SmtpPeer } from "../../test/smtp-peer";
import { createSmtpTransport, smtpGreetingName } from "./smtp-transport";

let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Tavolo <no-reply@tavolo.test>" } });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const outboxRow = (to: string) =>
  t.database.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).executeTakeFirst();

describe("SMTP transport", () => {
  it("delivers to a real SMTP peer, then forgets the body it no longer needs", async () => {
    const account = await register(t.app, { language: "en" });
    const mail = await eventually(() => smtp.received.find((m) => m.to.includes(account.user.email)));
    expect(mail.raw).toContain("Subject: Your Tavolo verification code");
    expect(mail.raw).toContain("no-reply@tavolo.test");
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    // The outbox row's own Message-ID, the same on every attempt (decision 014).
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@tavolo\.test>$/);
    const row = await eventually(async () => {
      const found = await outboxRow(account.user.email);
      return found?.sent_at ? found : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, last_error: null, text_body: "", html_body: "" });
  });

  it("sends attachments (a booking's .ics) as MIME parts", async () => {
    const transport = createSmtpTransport(smtp.url, t.config.appOrigin);
    const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nUID:smtp-attachment-test\r\nEND:VCALENDAR\r\n";
    try {
      await transport.deliver({
        to: "ics@example.it",
        from: "Tavolo <no-reply@tavolo.test>",
        subject: "Prenotazione confermata",
        text: "Ciao",
        html: "<p>Ciao</p>",
        messageId: "<smtp-attachment-test@tavolo.test>",
        attachments: [
          {
            filename: "prenotazione-tavolo.ics",
            contentType: "text/calendar; charset=utf-8; method=PUBLISH",
            content: ics,
          },
        ],
      });
    } finally {
      transport.close();
    }
    const mail = await eventually(() => smtp.received.find((m) => m.to.includes("ics@example.it")));
    expect(mail.raw).toMatch(
      /Content-Type: text\/calendar; charset=utf-8; method=PUBLISH;\s+name=prenotazione-tavolo\.ics/,
    );
    expect(mail.raw).toContain("filename=prenotazione-tavolo.ics");
    const part = /filename=prenotazione-tavolo\.ics\r\n\r\n([\s\S]+?)\r\n--/.exec(mail.raw)?.[1] ?? "";
    const decoded = mail.raw.includes("Content-Transfer-Encoding: base64")
      ? Buffer.from(part.replace(/\s/g, ""), "base64").toString("utf8")
      : part;
    expect(decoded).toContain("UID:smtp-attachment-test");
  });

  it("greets the server (EHLO) with the host name of APP_ORIGIN, never a guess", async () => {
    const named = await createTestApp({ env: { SMTP_URL: smtp.url, APP_ORIGIN: "https://prenota.tavolo.it" } });
    try {
      const before = smtp.greetings.length;
      const account = await register(named.app);
      await eventually(() => smtp.received.find((m) => m.to.includes(account.user.email)));
      expect(smtp.greetings.slice(before)).toEqual(["prenota.tavolo.it"]);
    } finally {
      await named.close();
    }
    // An origin that is an address gets the address-literal form of RFC 5321 §4.1.3.
    expect(smtpGreetingName("http://localhost:3000")).toBe("localhost");
    expect(smtpGreetingName("http://192.168.1.20:3000")).toBe("[192.168.1.20]");
    expect(smtpGreetingName("http://[::1]:3000")).toBe("[IPv6:::1]");
  });

  it("has no development mailbox", async () => {
    expect((await t.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/dev/outbox" })).statusCode).toBe(404);
  });

  it("does not fail the request when the server is down: the mail stays in the outbox with the error", async () => {
    const down = await createTestApp({ env: { SMTP_URL: "smtp://127.0.0.1:1" } });
    try {
      const account = await register(down.app);
      expect(account.success).toBe(true);
      const row = await eventually(async () => {
        const found = await down.database.db
          .selectFrom("mail_outbox")
          .selectAll()
          .where("to_address", "=", account.user.email)
          .executeTakeFirst();
        return found?.last_error ? found : undefined;
      });
      expect(row.sent_at).toBeNull();
      expect(row.attempts).toBe(1);
      // Undelivered mail keeps its body, so it can still be read or sent again.
      expect(row.text_body).toContain("Giulia");
    } finally {
      await down.close();
    }
  });
});
