import type { RouteBody } from "@tavolo/shared/api-routes";
import { apiClient } from "../../../lib/api-client";

/** The shared request; `next` is the page to come back to after verification, carried into the e-mail's link (decision 038). */
export type RegisterPayload = RouteBody<"POST /client/register">;

/** POST /client/register (the client adds `language`); user_exists and other refusals arrive as an ApiError. */
export function register(input: RegisterPayload) {
  return apiClient.post("/client/register", { body: input, anonymous: true });
}
