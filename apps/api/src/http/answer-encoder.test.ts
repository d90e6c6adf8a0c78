import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as accountData from "@tavolo/shared/account-data";
import * as account from "@tavolo/shared/account";
import * as apiResponses from "@tavolo/shared/api-responses";
import * as auth from "@tavolo/shared/auth";
import * as favorites from "@tavolo/shared/favorites";
import * as offers from "@tavolo/shared/offers";
import * as operations from "@tavolo/shared/operations";
import * as push from "@tavolo/shared/push";
import * as reminders from "@tavolo/shared/reminders";
import * as reservations from "@tavolo/shared/reservations";
import * as restaurants from "@tavolo/shared/restaurants";
import * as waitlist from "@tavolo/shared/waitlist";
import { answerEncoderOf, encodeAnswer, parsesAsItEncodes } from "./answer-encoder";

const contract = [
  accountData,
  account,
  apiResponses,
  auth,
  favorites,
  offers,
  operations,
  push,
  reminders,
  reservations,
  restaurants,
  waitlist,
];
const answerSchemas = contract.flatMap((module) =>
  Object.entries(module).filter(
    ([name, value]) => /ResponseSchema$|^apiErrorSchema$/.test(name) && value instanceof z.ZodType,
  ),
) as [string, z.ZodType][];

describe("answers parsed where that is encoding", () => {
  it("finds the contract's answers", () => {
    expect(answerSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "restaurantResponseSchema",
        "searchRestaurantsResponseSchema",
        "reservationResponseSchema",
      ]),
    );
    expect(answerSchemas.length).toBeGreaterThan(40);
  });

  it("every answer takes the parser but the notification settings, whose defaults serve an older client's request", () => {
    const oneWay = answerSchemas.filter(([, schema]) => !parsesAsItEncodes(schema)).map(([name]) => name);
    expect(oneWay.sort()).toEqual(["notificationSettingsResponseSchema", "saveNotificationSettingsResponseSchema"]);
  });

  it("sees a one-way node however deep: in an array, a union, an optional, a record and a lazy schema", () => {
    const codec = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    const deep = [
      z.object({ list: z.array(z.object({ at: codec })) }),
      z.object({ either: z.union([z.string(), z.object({ n: z.number().default(1) })]) }),
      z.object({
        maybe: z
          .string()
          .transform((text) => text.length)
          .optional(),
      }),
      z.record(
        z.string(),
        z.preprocess((value) => value, z.string()),
      ),
      z.object({ self: z.lazy(() => z.string().catch("x")) }),
    ];
    for (const schema of deep) expect(parsesAsItEncodes(schema)).toBe(false);
    expect(
      parsesAsItEncodes(z.object({ a: z.array(z.union([z.string(), z.null()])), b: z.lazy(() => z.number()) })),
    ).toBe(true);
  });

  it("encodes where a codec is: its answer is written backwards, not parsed", () => {
    const schema = z.object({
      items: z.array(
        z.object({
          at: z.codec(z.iso.datetime(), z.date(), {
            decode: (text) => new Date(text),
            encode: (date) => date.toISOString(),
          }),
        }),
      ),
    });
    const at = new Date("2026-11-28T20:30:00.000Z");
    expect(encodeAnswer(schema, { items: [{ at }] })).toEqual({ items: [{ at: "2026-11-28T20:30:00.000Z" }] });
  });

  it("parses to exactly what encoding gives: fields the contract lacks are dropped, a broken answer is refused", () => {
    const answer = {
      success: true,
      restaurant: {
        ...sampleRestaurant,
        passwordHash: "never sent",
      },
    };
    const parsed = encodeAnswer(restaurants.restaurantResponseSchema, answer);
    expect(parsed).toEqual(restaurants.restaurantResponseSchema.encode(answer as never));
    expect(JSON.stringify(parsed)).not.toContain("never sent");
    const broken = answerEncoderOf(restaurants.restaurantResponseSchema)({ success: true, restaurant: { id: 1 } });
    expect(broken.success).toBe(false);
  });
});

/** A restaurant as the API answered it (two of its tables). */
const sampleRestaurant = {
  id: "7f1ac484-edf9-4ad5-91c1-2d002d971aae",
  name: "Antica Trattoria da Massimo",
  type: "trattoria",
  city: "Roma",
  citySlug: "roma",
  address: "Via del Governo Vecchio 69, 00186 Roma",
  phone: "+39 06 44748847",
  description: "Griglia a vista e tagli frollati con cura.",
  image: "/images/restaurants/carne-3.svg",
  imageUrl: "/images/restaurants/carne-3.svg",
  rating: 4.2,
  priceRange: 2,
  categories: ["carne", "italiano"],
  location: "41.893881,12.488692",
  lat: 41.893881,
  lng: 12.488692,
  timeZone: "Europe/Rome",
  openingHours: {
    monday: null,
    tuesday: {
      open: "12:30",
      close: "22:30",
    },
    wednesday: {
      open: "12:30",
      close: "22:30",
    },
    thursday: {
      open: "12:30",
      close: "22:30",
    },
    friday: {
      open: "12:30",
      close: "23:00",
    },
    saturday: {
      open: "12:30",
      close: "23:00",
    },
    sunday: {
      open: "12:30",
      close: "22:30",
    },
  },
  capacity: 50,
  tables: [
    {
      id: "0ce0372c-34b6-451a-94de-2788e2d1220e",
      number: 1,
      capacity: 2,
      isAvailable: true,
    },
    {
      id: "248b6962-bcba-4725-bf74-63a5bba3e686",
      number: 2,
      capacity: 4,
      isAvailable: true,
    },
  ],
};
