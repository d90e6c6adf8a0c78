/**
 * Seeded randomness for the generator: sha256 for seeds and ids, sfc32 for the draws, never
 * Math.random, so the same input always gives the same restaurants.
 */
import { createHash } from "node:crypto";

/** Returns a float in [0, 1). */
export type Rng = () => number;

/** Values with relative weights (or, for secondary categories, independent probabilities). */
export type Weighted<T> = readonly (readonly [T, number])[];

export type SeedWords = readonly [number, number, number, number];

export function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

export function wordsAt(digest: Buffer, offset: number): SeedWords {
  return [
    digest.readUInt32BE(offset),
    digest.readUInt32BE(offset + 4),
    digest.readUInt32BE(offset + 8),
    digest.readUInt32BE(offset + 12),
  ];
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128 bits of state, passes
 * PractRand, and is a handful of integer ops per draw, which keeps 50,000 restaurants fast.
 */
export function sfc32([seedA, seedB, seedC, seedD]: SeedWords): Rng {
  let a = seedA | 0;
  let b = seedB | 0;
  let c = seedC | 0;
  let d = seedD | 0;
  const next: Rng = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // A few warm-up rounds mix the seed words before the first value is used.
  for (let i = 0; i < 8; i++) next();
  return next;
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error("pick() needs a non-empty list");
  return item;
}

export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function weightedPick<T>(rng: Rng, entries: Weighted<T>): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let ticket = rng() * total;
  for (const [value, weight] of entries) {
    ticket -= weight;
    if (ticket < 0) return value;
  }
  const last = entries[entries.length - 1];
  if (last === undefined) throw new Error("weightedPick() needs a non-empty list");
  return last[0]; // only reachable through floating-point rounding
}

export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const a = result[i] as T;
    result[i] = result[j] as T;
    result[j] = a;
  }
  return result;
}

/** Formats the first 16 bytes of a digest as an RFC 4122 version-4 UUID. */
export function uuidFromDigest(digest: Buffer): string {
  const hex = digest.toString("hex", 0, 16);
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join("-");
}
