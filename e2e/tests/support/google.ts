import { expect, test, type APIRequestContext } from "@playwright/test";
import { mainServerOf } from "../../support/main-servers";

export interface GoogleUser {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

/** Who the stand-in Google signs in next (support/start-with-google-mock.mjs). */
export async function googleWillSignInAs(request: APIRequestContext, user: GoogleUser): Promise<void> {
  const response = await request.post(`${mainServerOf(test.info().parallelIndex).googleControlUrl}/next-user`, {
    data: user,
  });
  expect(response.status()).toBe(204);
}
