import { randomUUID } from "node:crypto";
import fc from "fast-check";
import {
  BOOKING_HORIZON_DAYS,
  DEFAULT_TIME_ZONE,
  MAX_EMAIL_LENGTH,
  NAME_MAX_LENGTH,
  PAGE_SIZE,
  PEOPLE_PER_RESERVATION,
  RADIUS_KM,
} from "@tavolo/shared/constants";
import { addDays, dateInZone } from "@tavolo/shared/dates";
import type { EndpointExample } from "./endpoint-catalog";
import type { RouteSchemas } from "./fuzz-requests";

/**
 * Values each valid on its own that break a rule only together (decision 019): two names of 60
 * characters whose derived display name is 121, a date and a time that name no instant (the spring
 * DST gap), a circle round a pole, a page far enough to overflow its offset. Each field's schema
 * passes every value here; the route must answer the combination with a 2xx or a translated 4xx.
 */

/** Fields some rule derives something from together, and the rule. A route with two of a group's fields is fuzzed. */
export const COMBINED_FIELD_GROUPS = [
  { rule: "users.display_name (≤ 60) is derived from both names", fields: ["firstName", "lastName", "displayName"] },
  {
    rule: "a local moment on the restaurant's clock, for a party",
    fields: ["date", "time", "numberOfPeople", "people"],
  },
  { rule: "a party against an offer's seats left", fields: ["lastMinuteId", "people"] },
  { rule: "a circle on the sphere (poles, antimeridian)", fields: ["lat", "lng", "radius"] },
  { rule: "a city's surroundings", fields: ["city", "includeNearbyCities", "radius"] },
  { rule: "the row offset is page × pageSize", fields: ["page", "pageSize"] },
] as const;

/** `count` copies of `unit`, kept within `max` UTF-16 units without splitting a character. */
const repeated = (unit: string, count: number, max = NAME_MAX_LENGTH) =>
  unit.repeat(Math.max(1, Math.min(count, Math.floor(max / unit.length))));

const name = fc
  .tuple(fc.constantFrom(1, 29, 30, 31, 58, 59, 60), fc.constantFrom("a", "è", "😀", "Maria ", "D'"))
  .map(([length, unit]) => repeated(unit, Math.ceil(length / unit.length)).trim() || "a");

/** The last Sundays of March and October (Europe's DST changes) of this year and the next. */
function dstChangeDates(today: string): string[] {
  const year = Number(today.slice(0, 4));
  return [year, year + 1].flatMap((y) =>
    [3, 10].map((month) => {
      const last = new Date(Date.UTC(y, month, 0));
      last.setUTCDate(last.getUTCDate() - last.getUTCDay());
      return last.toISOString().slice(0, 10);
    }),
  );
}

/** Edge values of each field that takes part in a group, all valid on their own. */
function fieldEdges(): Record<string, fc.Arbitrary<unknown>> {
  const today = dateInZone(new Date(), DEFAULT_TIME_ZONE);
  const people = fc.constantFrom(PEOPLE_PER_RESERVATION.min, 2, PEOPLE_PER_RESERVATION.max);
  const radius = fc.constantFrom(RADIUS_KM.min, RADIUS_KM.max, 49.99);
  return {
    firstName: name,
    lastName: name,
    displayName: fc.oneof(fc.constant(""), name),
    date: fc.constantFrom(
      today,
      addDays(today, 1),
      addDays(today, BOOKING_HORIZON_DAYS),
      addDays(today, BOOKING_HORIZON_DAYS + 1),
      ...dstChangeDates(today),
    ),
    time: fc.constantFrom("00:00", "01:45", "02:00", "02:30", "03:00", "12:00", "23:45", "23:59"),
    numberOfPeople: people,
    people,
    lat: fc.constantFrom(-90, -89.9999, 0, 45.4642, 89.9999, 90),
    lng: fc.constantFrom(-180, -179.9999, 0, 9.19, 179.9999, 180),
    radius,
    city: fc.constantFrom("milano", "Milano", "  roma ", "Reggio nell'Emilia", "x".repeat(100), "São Paulo"),
    includeNearbyCities: fc.boolean(),
    page: fc.constantFrom(1, 2, 1_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER),
    pageSize: fc.constantFrom(1, PAGE_SIZE.max),
  };
}

/** A fresh address per case (a taken one would stop register before the names matter), up to the longest allowed. */
const freshEmail = fc.constantFrom(50, MAX_EMAIL_LENGTH).map((length) => {
  const local = `c-${randomUUID()}`;
  return `${local}@${"d".repeat(length - local.length - 4)}.it`;
});

interface ZodShape {
  shape?: Record<string, { safeParse(value: unknown): { success: boolean } }>;
  unwrap?: () => ZodShape;
}
/** The fields of an object schema, through the optional/nullable wrappers some bodies have. */
function shapeOf(schema: unknown): Record<string, { safeParse(value: unknown): { success: boolean } }> {
  let current = schema as ZodShape | undefined;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current.shape) return current.shape;
    current = current.unwrap?.();
  }
  return {};
}

/** The groups a route takes two or more fields of, with the part of the request they are in. */
export function combinedFieldsOf(schemas: RouteSchemas): { part: "body" | "query"; fields: string[] }[] {
  const found: { part: "body" | "query"; fields: string[] }[] = [];
  for (const [part, schema] of [
    ["body", schemas.body],
    ["query", schemas.querystring],
  ] as const) {
    const known = Object.keys(shapeOf(schema));
    for (const group of COMBINED_FIELD_GROUPS) {
      const fields = group.fields.filter((field) => known.includes(field));
      if (fields.length >= 2) found.push({ part, fields });
    }
  }
  return found;
}

export interface CombinedRequest {
  url: string;
  body?: string;
  /** The fields set, for the failure message. */
  values: Record<string, unknown>;
}

/**
 * Requests that start from the route's valid example and set every field of one of its groups to
 * an edge value (an optional field may also be left out). A value its own field refuses is never
 * sent: the case is about the combination.
 */
export function combinedRequestArbitrary(
  key: string,
  example: EndpointExample,
  schemas: RouteSchemas,
): fc.Arbitrary<CombinedRequest> | undefined {
  const groups = combinedFieldsOf(schemas);
  if (groups.length === 0) return undefined;
  const edges = fieldEdges();
  const path = Object.entries(example.params ?? {}).reduce(
    (url, [param, value]) => url.replace(`:${param}`, encodeURIComponent(value)),
    key.split(" ")[1]!,
  );
  const cases = groups.map(({ part, fields }) => {
    const schema = part === "body" ? schemas.body : schemas.querystring;
    const base: Record<string, unknown> = { ...(part === "body" ? example.body : example.query) };
    const asSent = (value: unknown) => (part === "query" ? String(value) : value);
    const shape = shapeOf(schema);
    const choices = Object.fromEntries(
      fields.map((field) => {
        const alone = (value: unknown) => schema?.safeParse({ ...base, [field]: value }).success ?? true;
        const edge = (edges[field] ?? fc.constant(base[field])).map(asSent).filter(alone);
        const optional = shape[field]?.safeParse(undefined).success ?? false;
        return [field, optional ? fc.option(edge, { nil: undefined }) : edge];
      }),
    );
    // A body that opens an account needs an address of its own per case.
    const fresh = part === "body" && "email" in base && "password" in base ? { email: freshEmail } : {};
    return fc.record({ ...choices, ...fresh }).map((values) => {
      const merged: Record<string, unknown> = { ...base, ...values };
      for (const [field, value] of Object.entries(values)) if (value === undefined) delete merged[field];
      return part === "body"
        ? { url: path, body: JSON.stringify(merged), values }
        : { url: `${path}?${new URLSearchParams(merged as Record<string, string>)}`, values };
    });
  });
  return fc.oneof(...cases);
}
