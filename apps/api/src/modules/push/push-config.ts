import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { isInMemoryDataDir } from "../../data-dir";

/** The server's VAPID identity (RFC 8292): push services know Tavolo's pushes by this key pair. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact a push service may use about Tavolo's traffic. */
  subject: string;
}

/** Pacing of the push outbox (decision 045), like the mail outbox's (decision 014). */
export interface PushRetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  /** How often each process looks for due pushes; 0: never (tests call it themselves). */
  pollMs: number;
  /** How long a process owns a push it is sending: longer than one attempt can last (5 s). */
  leaseMs: number;
}

export interface PushConfig {
  /** undefined: push is off (the public-key route answers 404 and the app hides push). */
  vapid: VapidKeys | undefined;
  /** Origins accepted beside the known push services (tests, self-hosted services). */
  extraOrigins: string[];
  retry: PushRetryPolicy;
}

export const DEFAULT_PUSH_RETRY: PushRetryPolicy = {
  firstDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  maxAttempts: 8,
  pollMs: 5_000,
  leaseMs: 30_000,
};

/**
 * The VAPID keys: from the environment when given (both halves, or neither); otherwise generated
 * once into DATA_DIR for the embedded default, as the JWT secret is. A production start
 * (DATABASE_URL) without keys has push off rather than a key that differs per machine.
 */
export function resolveVapidKeys(input: {
  publicKey: string | undefined;
  privateKey: string | undefined;
  subject: string;
  dataDir: string;
  databaseUrl: string | undefined;
}): VapidKeys | undefined | string {
  const { publicKey, privateKey, subject } = input;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (publicKey || privateKey) return "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together; set both or neither";
  if (input.databaseUrl) return undefined;
  if (isInMemoryDataDir(input.dataDir)) return { ...webpush.generateVAPIDKeys(), subject };
  const file = path.join(input.dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { ...stored, subject };
  }
  mkdirSync(input.dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(generated), { mode: 0o600 });
  return { ...generated, subject };
}
