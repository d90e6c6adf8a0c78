import { z } from "zod";
import { RADIUS_KM } from "./constants";

/** Query-string fields of a search around a point (offers and restaurants by GPS). */
export const absentAsUndefined = (value: unknown) => (value === null || value === "" ? undefined : value);

/** Kilometres around the point: RADIUS_KM.min–max, default RADIUS_KM.default. */
export const radiusField = z.preprocess(
  absentAsUndefined,
  z.coerce
    .number({ error: "validation.radius" })
    .min(RADIUS_KM.min, "validation.radius")
    .max(RADIUS_KM.max, "validation.radius")
    .default(RADIUS_KM.default),
);

/** A latitude (-90..90) or longitude (-180..180), absent when not given. */
export const coordinateField = (min: number, max: number) =>
  z.preprocess(
    absentAsUndefined,
    z.coerce
      .number({ error: "validation.coordinates" })
      .min(min, "validation.coordinates")
      .max(max, "validation.coordinates")
      .optional(),
  );

/** lat and lng come together or not at all. */
export const bothOrNeitherCoordinate = (query: { lat?: number | undefined; lng?: number | undefined }) =>
  (query.lat === undefined) === (query.lng === undefined);
