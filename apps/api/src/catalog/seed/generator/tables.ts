import type { RestaurantType } from "@tavolo/shared/categories";
import { intBetween, pick, type Rng } from "./prng";

const TABLE_COUNT_BY_TYPE: Record<RestaurantType, readonly [number, number]> = {
  ristorante: [6, 14],
  trattoria: [6, 12],
  osteria: [5, 12],
  pizzeria: [8, 14],
  "sushi bar": [5, 12],
  braceria: [6, 14],
  bistrot: [4, 9],
  hamburgeria: [4, 10],
  enoteca: [4, 9],
};

/** A dining-room table as the seed writes it. */
export interface SeedTable {
  number: number;
  capacity: number;
}

/** Twos and fours dominate a real dining room; a few big tables for groups. */
const TABLE_CAPACITIES = [2, 2, 4, 4, 4, 6, 8] as const;

export function tables(rng: Rng, type: RestaurantType): SeedTable[] {
  const [min, max] = TABLE_COUNT_BY_TYPE[type];
  const count = intBetween(rng, min, max);
  return Array.from({ length: count }, (_unused, i) => ({
    number: i + 1,
    // Tables 1 and 2 are fixed so that every restaurant can seat a couple and a family of four.
    capacity: i === 0 ? 2 : i === 1 ? 4 : pick(rng, TABLE_CAPACITIES),
  }));
}
