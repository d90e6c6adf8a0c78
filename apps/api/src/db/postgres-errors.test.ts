import { describe, expect, it } from "vitest";
import { isExclusionViolation } from "./postgres-errors";

const pgError = (code: string) => Object.assign(new Error(code), { code });

describe("PostgreSQL errors the application answers itself", () => {
  it("recognises an exclusion violation", () => {
    expect(isExclusionViolation(pgError("23P01"))).toBe(true);
    expect(isExclusionViolation(pgError("23505"))).toBe(false);
    expect(isExclusionViolation(null)).toBe(false);
  });
});
