/**
 * The 50-way races: `*race.test.ts` files of the "api-pg" project, run one at a time beside the
 * other files (decision 078).
 */
export const RACE_FILE = /race\.test\.ts$/;
export const RACE_PROJECT = "api-pg";
