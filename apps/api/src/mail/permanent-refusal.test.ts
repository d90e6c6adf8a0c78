import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOG_LEVELS, recordingLogger } from "../../test/log-recorder";
import { eventually, startSmtpPeer, type SmtpPeer } from "../../test/smtp-peer";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createMailer, DEFAULT_MAIL_RETRY, type Mailer } from "./mailer";
import { createSmtpTransport } from "./smtp-transport";
import { welcomeMail } from "./templates/auth-mails";

/**
 * A mail server's verdict decides what the outbox does (decision 019): a 4xx or no answer is
 * retried with backoff, a 5xx for the recipient ends the mail at once. A real `smtp-server` peer
 * answers; a mailer of our own, on the app's database, logs into lines the test reads.
 */
let smtp: SmtpPeer;
let t: TestApp;
let mailer: Mailer;
const recorder = recordingLogger();
const APP_ORIGIN = "https://tavolo.example.it";

beforeAll(async () => {
  smtp = await startSmtpPeer("accept");
  // The app's own worker stays out of the way: only the mailer below delivers.
  t = await createTestApp({ env: { MAIL_RETRY_POLL_SECONDS: "86400" } });
  mailer = createMailer({
    db: t.database.db,
    transport: createSmtpTransport(smtp.url, APP_ORIGIN),
    from: "Tavolo <no-reply@tavolo.test>",
    log: recorder.log,
    retry: { ...DEFAULT_MAIL_RETRY, firstDelayMs: 200, pollMs: 20 },
  });
});
afterAll(async () => {
  await mailer.close();
  await t.close();
  await smtp.stop();
});

const outboxRow = (to: string) =>
  t.database.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", to).executeTakeFirstOrThrow();
const sendWelcome = (to: string) =>
  mailer.send({ address: to, userId: null }, "it", welcomeMail("it", { name: "Giulia", link: APP_ORIGIN }));
const logsAbout = (mailId: number) => recorder.lines.filter((line) => line.mailId === mailId);
const attemptsOn = (to: string) => smtp.refused.filter((address) => address === to).length;

describe("a mail server's refusals", () => {
  it("retries a 451 with backoff, then fails the mail at once on 550 user unknown, logged with the answer", async () => {
    const to = "nessuno@example.it";
    smtp.mode = "refuse-temporary";
    await sendWelcome(to);
    const deferred = await eventually(async () => {
      const row = await outboxRow(to);
      return row.attempts === 1 ? row : undefined;
    });
    expect(deferred.last_error).toContain("451 4.7.1 Try again later");
    expect(deferred.failed_at).toBeNull();
    expect(deferred.next_attempt_at).not.toBeNull();

    smtp.mode = "refuse-permanent";
    const failed = await eventually(async () => {
      const row = await outboxRow(to);
      return row.failed_at ? row : undefined;
    });
    // The second attempt, far below the ten allowed: the 550 ended it.
    expect(failed).toMatchObject({ attempts: 2, sent_at: null, next_attempt_at: null });
    const answer = `550 5.1.1 <${to}>: Recipient address rejected: User unknown`;
    expect(failed.last_error).toContain(answer);

    const lines = logsAbout(Number(failed.id));
    expect(lines.map((line) => line.level)).toEqual([LOG_LEVELS.warn, LOG_LEVELS.error]);
    expect(lines[1]).toMatchObject({ serverAnswer: answer, template: "welcome", attempts: 2 });
    expect(lines[1]!.msg).toContain(answer);

    // Tried no more, even once the server would take it.
    smtp.mode = "accept";
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(attemptsOn(to)).toBe(2);
    expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(0);
    expect((await outboxRow(to)).attempts).toBe(2);
  });

  it("keeps retrying when the server refuses our sender address (our configuration, fixable)", async () => {
    const to = "mittente@example.it";
    smtp.mode = "refuse-sender";
    await sendWelcome(to);
    const row = await eventually(async () => {
      const found = await outboxRow(to);
      return found.attempts >= 1 ? found : undefined;
    });
    expect(row.last_error).toContain("553");
    expect(row.failed_at).toBeNull();
    expect(row.next_attempt_at).not.toBeNull();

    smtp.mode = "accept";
    const sent = await eventually(async () => {
      const found = await outboxRow(to);
      return found.sent_at ? found : undefined;
    });
    expect(sent.failed_at).toBeNull();
    expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
  });

  it("greets the server with the host name of APP_ORIGIN", () => {
    expect(smtp.greetings.length).toBeGreaterThan(0);
    expect(new Set(smtp.greetings)).toEqual(new Set(["tavolo.example.it"]));
  });
});
