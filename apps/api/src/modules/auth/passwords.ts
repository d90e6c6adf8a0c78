import { hash, verify } from "@node-rs/argon2";
import { newOpaqueToken } from "./secrets";

/** argon2id with OWASP's first recommended profile (DESIGN §5). */
export const OWASP_ARGON2 = {
  // Algorithm.Argon2id: the package exports a const enum, which isolatedModules cannot import.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * argon2id at its cheapest, for the test suites alone (decision 078): a run hashes ~1,900 passwords,
 * 50–75 ms of CPU each at OWASP's profile, a sixth of the API suites' time. The hash is the same
 * kind (the profile is written in it, so either verifies the other's), only cheaper to compute.
 */
export const TEST_ARGON2 = { ...OWASP_ARGON2, memoryCost: 1_024, timeCost: 1 } as const;

/**
 * OWASP's profile, unless the process is a Vitest worker (Vitest sets VITEST): every server start,
 * the tests' own server processes included, hashes at full cost.
 */
export const argon2ProfileFor = (env: NodeJS.ProcessEnv) => (env.VITEST === "true" ? TEST_ARGON2 : OWASP_ARGON2);

const ARGON2_OPTIONS = argon2ProfileFor(process.env);

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
