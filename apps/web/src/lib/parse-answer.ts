import type { z } from "zod";
import i18n from "../i18n/i18n";
import { ApiError } from "./api-client";

/**
 * Reads an answer with the endpoint's shared response schema (decision 020). Only the signed-in
 * pages that load zod anyway use it (history, reservation form, settings); the public pages import
 * the types alone and stay zod-free (decision 012). A shape the contract does not allow is a clear
 * error, never a half-filled screen.
 */
export function parseAnswer<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: "invalid_response", message: i18n.t("errors.generic"), body });
  }
  return parsed.data;
}
