import type { RouteBody } from "@tavolo/shared/api-routes";
import type { ApiClient } from "../../../lib/api-client";

/**
 * POST /client/register (the client adds `language`); user_exists and other refusals arrive as an
 * ApiError. `next` is the page to come back to after verification, carried into the e-mail's link
 * (decision 038).
 */
export function register(api: ApiClient, input: RouteBody<"POST /client/register">) {
  return api.post("/client/register", { body: input, anonymous: true });
}
