import { apiClient, clientPath } from "../../../lib/api-client";
import type { AuthResponse } from "./login";

export interface RegisterPayload {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  termsAccepted: boolean;
  newsletterSubscribed: boolean;
}

/** A session like login's (user_exists and other refusals arrive as an ApiError). */
export interface RegisterResponse extends AuthResponse {
  success: boolean;
  userId?: string;
}

/** POST /client/register (the client adds `language`). */
export function register(input: RegisterPayload) {
  return apiClient.post<RegisterResponse>(clientPath("/register"), input, { anonymous: true });
}
