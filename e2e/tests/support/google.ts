import { expect, type APIRequestContext } from "@playwright/test";

const controlUrl = process.env.E2E_GOOGLE_CONTROL_URL ?? "http://127.0.0.1:3197";

export interface GoogleUser {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

/** Who the stand-in Google signs in next (support/start-with-google-mock.mjs). */
export async function googleWillSignInAs(request: APIRequestContext, user: GoogleUser): Promise<void> {
  const response = await request.post(`${controlUrl}/next-user`, { data: user });
  expect(response.status()).toBe(204);
}
