/** Rounds to a number of decimal places, halves upwards like Math.round. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
