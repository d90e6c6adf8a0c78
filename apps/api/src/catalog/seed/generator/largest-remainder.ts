/** Integer shares of `total` proportional to `weights`, summing exactly to `total`. */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  // Whole numbers keep the arithmetic exact: populations and totals are far below 2^53 even multiplied.
  const rounded = weights.map((weight) => Math.round(weight));
  const roundedSum = rounded.reduce((sum, weight) => sum + weight, 0);
  // All-zero populations would divide by zero: fall back to equal shares.
  const effective = roundedSum > 0 ? rounded : rounded.map(() => 1);
  const divisor = roundedSum > 0 ? roundedSum : rounded.length;

  const shares = effective.map((weight) => Math.floor((total * weight) / divisor));
  let leftover = total - shares.reduce((sum, share) => sum + share, 0);

  // Largest remainder first; ties go to the bigger weight, then to list order, for determinism.
  const order = effective
    .map((weight, i) => ({ i, weight, remainder: total * weight - (shares[i] ?? 0) * divisor }))
    .sort((x, y) => y.remainder - x.remainder || y.weight - x.weight || x.i - y.i);
  for (const { i } of order) {
    if (leftover <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    leftover--;
  }
  return shares;
}
