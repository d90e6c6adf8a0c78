import type { RestaurantType } from "@tavolo/shared/categories";
import { pick, type Rng } from "./prng";
import { roundTo } from "./round";

const PRICE_RANGES: Record<RestaurantType, readonly number[]> = {
  pizzeria: [1, 1, 2],
  hamburgeria: [1, 2, 2],
  "sushi bar": [2, 2, 3],
  trattoria: [1, 2, 2, 3],
  osteria: [2, 2, 3],
  ristorante: [2, 3, 3, 4],
  braceria: [2, 3, 3, 4],
  bistrot: [2, 2, 3],
  enoteca: [2, 3, 3],
};

/** 3.5 to 5.0, one decimal, most restaurants in the 4s like on real review sites. */
export function rating(rng: Rng): number {
  // The mean of three uniforms is bell-shaped; the power above 0.5 shifts the bell upwards.
  const bell = (rng() + rng() + rng()) / 3;
  return roundTo(3.5 + 1.5 * bell ** 0.8, 1);
}

/** 1 (cheap) to 4 (expensive), depending on the kind of place. */
export function priceRange(rng: Rng, type: RestaurantType): number {
  return pick(rng, PRICE_RANGES[type]);
}
