import { describe, expect, it } from "vitest";
import { idempotencyKeySchema, makeReservationRequestSchema } from "./reservations";

const valid = {
  restaurantId: "6f1c1d0e-2b43-4c3e-9f6a-0d6c2f1b7a10",
  date: "2030-05-10",
  time: "20:15",
  numberOfPeople: 4,
  tableId: "1b4e28ba-2fa1-41d2-883f-0016d3cca427",
};
const messagesOf = (input: unknown) =>
  makeReservationRequestSchema
    .safeParse(input)
    .error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("makeReservation body", () => {
  it("takes the SPEC §7 payload, with optional userId and special requests", () => {
    expect(makeReservationRequestSchema.parse(valid)).toEqual({ ...valid, specialRequests: "" });
    const full = makeReservationRequestSchema.parse({
      ...valid,
      userId: "0d8f6a3c-5a2b-4e1d-9c7f-2b3a4c5d6e7f",
      numberOfPeople: 2,
      specialRequests: "  Seggiolone, grazie  ",
      language: "it",
    });
    expect(full).toMatchObject({ numberOfPeople: 2, specialRequests: "Seggiolone, grazie" });
    expect(full).not.toHaveProperty("language");
    expect(makeReservationRequestSchema.parse({ ...valid, userId: null, specialRequests: null })).toMatchObject({
      specialRequests: "",
    });
  });

  it("says 'fields marked with * are required' for a missing date, time or table", () => {
    expect(messagesOf({ ...valid, date: undefined, time: "", tableId: null })).toEqual([
      "date: validation.requiredFields",
      "time: validation.requiredFields",
      "tableId: validation.requiredFields",
    ]);
  });

  it("rejects malformed values with their own message", () => {
    expect(messagesOf({ ...valid, date: "10/05/2030" })).toEqual(["date: validation.date"]);
    expect(messagesOf({ ...valid, date: "2030-02-30" })).toEqual(["date: validation.date"]);
    expect(messagesOf({ ...valid, time: "7pm" })).toEqual(["time: validation.time"]);
    expect(messagesOf({ ...valid, tableId: "table-1" })).toEqual(["tableId: validation.tableIdInvalid"]);
    expect(messagesOf({ ...valid, specialRequests: "x".repeat(501) })).toEqual([
      "specialRequests: validation.specialRequestsTooLong",
    ]);
    expect(messagesOf({ ...valid, specialRequests: { html: "<b>" } })).toEqual([
      "specialRequests: validation.invalidInput",
    ]);
  });

  it('takes 1 to 10 people, whole JSON numbers only: the text "2" is refused', () => {
    expect(messagesOf({ ...valid, numberOfPeople: "2" })).toEqual(["numberOfPeople: validation.people"]);
    for (const people of [0, 11, 2.5, -1, "abc", "", "2", " 2", "02", true, [4]]) {
      expect(makeReservationRequestSchema.safeParse({ ...valid, numberOfPeople: people }).success, String(people)).toBe(
        false,
      );
    }
    expect(makeReservationRequestSchema.parse({ ...valid, numberOfPeople: 10 }).numberOfPeople).toBe(10);
  });
});

describe("Idempotency-Key", () => {
  it("is 1 to 255 visible ASCII characters", () => {
    expect(idempotencyKeySchema.safeParse("3f1e9c2a-booking-1").success).toBe(true);
    for (const bad of ["", "with space", "x".repeat(256), "città"]) {
      expect(idempotencyKeySchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
