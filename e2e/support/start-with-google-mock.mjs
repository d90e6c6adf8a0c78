/**
 * The e2e webServer: an OpenID Connect issuer standing in for Google (oauth2-mock-server), then the
 * real API pointed at it. Playwright starts the webServer before any globalSetup, and the API reads
 * GOOGLE_* only at start, hence one process that starts both in order.
 *
 * Tests pick who "Google" signs in as with POST {control}/next-user {email, sub, givenName,
 * familyName}; until then it is a stable default user with a verified address.
 */
import { createServer } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";
import { startApi } from "./start-api.mjs";

const host = "127.0.0.1";
const issuerPort = Number(process.env.E2E_GOOGLE_PORT ?? 3198);
const controlPort = Number(process.env.E2E_GOOGLE_CONTROL_PORT ?? 3197);

const defaultUser = {
  sub: "google-e2e-default",
  email: "google.e2e@example.com",
  givenName: "Luca",
  familyName: "Esposito",
};
let next = defaultUser;

const claims = () => ({
  sub: next.sub,
  email: next.email,
  email_verified: true,
  given_name: next.givenName,
  family_name: next.familyName,
  name: `${next.givenName} ${next.familyName}`,
});

const mock = new OAuth2Server();
await mock.issuer.keys.generate("RS256");
mock.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims()));
mock.service.on("beforeUserinfo", (response) => {
  response.body = claims();
});
await mock.start(issuerPort, host);

const control = createServer((request, response) => {
  if (request.method !== "POST" || request.url !== "/next-user") {
    response.writeHead(404).end();
    return;
  }
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    try {
      next = { ...defaultUser, ...JSON.parse(body || "{}") };
      response.writeHead(204).end();
    } catch {
      response.writeHead(400).end();
    }
  });
});
await new Promise((resolve) => control.listen(controlPort, host, resolve));

startApi(
  { GOOGLE_ISSUER: mock.issuer.url, GOOGLE_CLIENT_ID: "tavolo-e2e", GOOGLE_CLIENT_SECRET: "e2e-secret" },
  async () => {
    control.close();
    await mock.stop();
  },
);
