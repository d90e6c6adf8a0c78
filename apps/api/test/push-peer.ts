import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import ece from "http_ece";
import type { PushPayload } from "@tavolo/shared/push";

/** A push message as the browser would get it: decrypted with the subscription's own keys. */
export interface ReceivedPush {
  subscription: string;
  payload: PushPayload;
  ttl: string | undefined;
  urgency: string | undefined;
}

export interface PushPeer {
  /** https://127.0.0.1:port, for PUSH_EXTRA_ORIGINS. */
  origin: string;
  /** Trusts the peer's self-signed certificate (AppDependencies.pushAgent). */
  agent: Agent;
  received: ReceivedPush[];
  /** Every request, answered or not, by subscription. */
  attempts: string[];
  /** A browser's new subscription, as `PushSubscription.toJSON()` gives it. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The next answers for a subscription's endpoint (status, optional Retry-After), then 201 again. */
  answer(endpoint: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString("base64url");

/** Checks the VAPID header (RFC 8292): an ES256 JWT for this origin, signed by the key it names. */
function checkVapid(authorization: string | undefined, origin: string, vapidPublicKey: string): void {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt = "", key = ""] = match;
  if (key !== vapidPublicKey) throw new Error("VAPID key is not the server's");
  const [header = "", body = "", signature = ""] = jwt.split(".");
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as { aud: string; exp: number };
  if (!valid || claims.aud !== origin || claims.exp * 1000 < Date.now()) throw new Error("bad VAPID token");
}

/**
 * A Web Push service on 127.0.0.1 (RFC 8030) that decrypts each message with the subscriber's keys
 * (RFC 8291, aes128gcm) as a browser would, after checking the VAPID token; the test sets its answers.
 */
export async function startPushPeer(vapidPublicKey: string): Promise<PushPeer> {
  const dir = mkdtempSync(path.join(tmpdir(), "push-peer-"));
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
    "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"),
  ], { stdio: "ignore" }); // prettier-ignore
  const cert = readFileSync(path.join(dir, "cert.pem"));
  const key = readFileSync(path.join(dir, "key.pem"));
  rmSync(dir, { recursive: true, force: true });

  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const attempts: string[] = [];
  let origin = "";

  const server: Server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1] ?? "";
      attempts.push(id);
      const planned = answers.get(id)?.shift();
      if (planned !== undefined) {
        if (planned === 429) response.setHeader("retry-after", "0");
        response.writeHead(planned).end();
        return;
      }
      const subscriber = keys.get(id);
      if (request.method !== "POST" || !subscriber) return void response.writeHead(404).end();
      try {
        checkVapid(request.headers.authorization, origin, vapidPublicKey);
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: "aes128gcm",
          privateKey: subscriber.ecdh,
          authSecret: b64url(subscriber.auth),
        });
        received.push({
          subscription: id,
          payload: JSON.parse(plain.toString("utf8")) as PushPayload,
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
        });
        response.writeHead(201, { location: `/message/${randomUUID()}` }).end();
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    agent: new Agent({ ca: cert, keepAlive: false }),
    received,
    attempts,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    answer(endpoint, ...statuses) {
      const id = endpoint.split("/").pop() ?? "";
      answers.set(id, [...(answers.get(id) ?? []), ...statuses]);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
