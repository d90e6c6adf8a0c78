import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_LENGTH } from "@tavolo/shared/constants";

/** A 256-bit random secret for a client to hold: refresh tokens, e-mail links, one-time hand-over codes. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of an opaque token. 256 random bits need no salt or stretching. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newNumericCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, "0");
}

/**
 * Six digits are a million guesses away from any plain hash, so codes are stored as an HMAC under a
 * key derived from the server secret: a leaked table alone does not give them away.
 */
export function createCodeHasher(serverSecret: string) {
  const key = createHmac("sha256", serverSecret).update("tavolo one-time codes").digest();
  return (purpose: string, target: string, code: string): string =>
    createHmac("sha256", key).update(`${purpose}\n${target}\n${code}`).digest("hex");
}
export type CodeHasher = ReturnType<typeof createCodeHasher>;

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
