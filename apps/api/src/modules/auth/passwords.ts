import { hash, verify } from "@node-rs/argon2";
import { newOpaqueToken } from "./secrets";

/** argon2id with OWASP's first recommended profile (DESIGN §5). */
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: the package exports a const enum, which isolatedModules cannot import.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * True only for the right password of an account that has one. Unknown addresses and password-less
 * (Google) accounts are checked against a throwaway hash, so every answer costs one argon2 run and
 * the timing does not tell which addresses exist.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  const target = storedHash ?? (await (dummyHash ??= hashPassword(newOpaqueToken())));
  const matches = await verify(target, password).catch(() => false);
  return storedHash !== null && matches;
}
