import type { z } from "zod";
import { ApiError, type ApiClient } from "./api-client";

/**
 * Reads an answer with the endpoint's shared response schema (decision 020). Only the signed-in
 * pages that load zod anyway use it (history, reservation form, settings); the public pages import
 * the types alone and stay zod-free (decision 012). A shape the contract does not allow is a clear
 * error, never a half-filled screen, in the words of the client that fetched it (decision 050).
 */
export function parseAnswer<S extends z.ZodType>(api: ApiClient, schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: "invalid_response", message: api.translate("errors.generic"), body });
  }
  return parsed.data;
}
