/**
 * The 50-way races: `*race.test.ts` files, run on PostgreSQL one at a time beside the other files
 * (decision 078).
 */
export const RACE_FILE = /race\.test\.ts$/;
