import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The Message-ID header, angle brackets included. */
  messageId: string | undefined;
}

/**
 * How the peer answers: takes the mail, refuses the recipient for good (550 user unknown) or for now
 * (451), or refuses our sender address (553, a configuration fault on our side).
 */
export type SmtpPeerMode = "accept" | "refuse-permanent" | "refuse-temporary" | "refuse-sender";

export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Every refused attempt, by recipient. */
  refused: string[];
  /** The name each client gave in its greeting (EHLO/HELO), one per mail transaction. */
  greetings: string[];
  mode: SmtpPeerMode;
  /** Stops listening (the server is "down"); `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A real SMTP server (the `smtp-server` package) on 127.0.0.1 whose answer the test sets. */
export async function startSmtpPeer(mode: SmtpPeerMode = "accept", port = 0): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const refused: string[] = [];
  const greetings: string[] = [];
  let server: SMTPServer | undefined;
  const peer: SmtpPeer = {
    port,
    url: "",
    received,
    refused,
    greetings,
    mode,
    async stop() {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onMailFrom(address, session, callback) {
          greetings.push(session.hostNameAppearsAs);
          if (peer.mode !== "refuse-sender") return callback();
          refused.push(address.address);
          callback(Object.assign(new Error("5.7.1 Sender address rejected: not owned by user"), { responseCode: 553 }));
        },
        onRcptTo(address, _session, callback) {
          if (peer.mode === "accept" || peer.mode === "refuse-sender") return callback();
          refused.push(address.address);
          const error = Object.assign(
            new Error(
              peer.mode === "refuse-permanent"
                ? `5.1.1 <${address.address}>: Recipient address rejected: User unknown`
                : "4.7.1 Try again later",
            ),
            { responseCode: peer.mode === "refuse-permanent" ? 550 : 451 },
          );
          callback(error);
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
              messageId: /^Message-ID: (<[^>]+>)/im.exec(raw)?.[1],
            });
            callback();
          });
        },
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(peer.port, "127.0.0.1", resolve));
      peer.port = (listening.server.address() as AddressInfo).port;
      peer.url = `smtp://127.0.0.1:${peer.port}`;
    },
  };
  await peer.start();
  return peer;
}

/** Polls `probe` until it returns a value (every 50 ms, up to `timeoutMs`). */
export async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
