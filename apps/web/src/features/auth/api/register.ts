import { apiClient, clientPath } from "../../../lib/api-client";
import type { RegisterResponse } from "@tavolo/shared/auth";

export interface RegisterPayload {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  termsAccepted: boolean;
  newsletterSubscribed: boolean;
  /** The page to come back to after verification, carried into the e-mail's link (decision 038). */
  next?: string;
}

/** POST /client/register (the client adds `language`); user_exists and other refusals arrive as an ApiError. */
export function register(input: RegisterPayload) {
  return apiClient.post<RegisterResponse>(clientPath("/register"), input, { anonymous: true });
}
