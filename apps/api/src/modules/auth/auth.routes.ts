import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, messageResponseSchema } from "@tavolo/shared/api-responses";
import {
  authSessionResponseSchema,
  loginRequestSchema,
  loginWithTokenRequestSchema,
  logoutRequestSchema,
  refreshTokenRequestSchema,
  refreshTokenResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
} from "@tavolo/shared/auth";
import type { AppConfig } from "../../config";
import { AppError } from "../../errors";
import { requestLanguage } from "../../i18n/request-language";
import { bearerToken } from "../../plugins/auth";
import { needsStepUp, notAFailure } from "../../plugins/rate-limit";
import type { AccountService } from "./accounts.service";
import type { SessionService } from "./sessions.service";
import { rateLimited, translate } from "./route-helpers";

interface Options {
  accounts: AccountService;
  sessions: SessionService;
  rateLimits: AppConfig["authRateLimit"];
}

const tags = ["account"];

/** Registration, sign-in and sessions of SPEC §7, under /api/client. */
export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { accounts, sessions, rateLimits }) => {
  app.post(
    "/register",
    {
      schema: {
        tags,
        summary: "Create an account (sends the verification code)",
        body: registerRequestSchema,
        // 500 registration_failed is the spec's own answer to an unexpected failure (SPEC §8).
        response: {
          201: registerResponseSchema,
          ...errorResponses(409, 429, 500),
        },
      },
      ...rateLimited(app, "register", rateLimits),
    },
    async (request, reply) => {
      try {
        const result = await accounts.register(request.body, requestLanguage(request));
        return reply.code(201).send(result);
      } catch (error) {
        if (error instanceof AppError) throw error;
        // SPEC §8 names this message for any other failure of registration.
        request.log.error({ err: error }, "registration failed");
        throw new AppError(500, "registration_failed", "apiErrors.registrationFailed");
      }
    },
  );

  app.post(
    "/login",
    {
      schema: {
        tags,
        summary:
          "Sign in with e-mail and password. Past the account's failure ceiling: 401 login_code_required " +
          "mails a 6-digit code, and the same call with `code` signs in",
        body: loginRequestSchema,
        response: { 200: authSessionResponseSchema, ...errorResponses(401, 429) },
      },
      ...rateLimited(app, "login", rateLimits, { stepUp: true }),
    },
    async (request) => {
      const { email, password, code } = request.body;
      try {
        return await accounts.login(email, password, { required: needsStepUp(request), code });
      } catch (error) {
        // Asking for the code follows a right password: no failure to count against anyone.
        if (error instanceof AppError && error.code === "login_code_required") notAFailure(request);
        throw error;
      }
    },
  );

  app.post(
    "/login-with-token",
    {
      schema: {
        tags,
        summary: "Sign in with the one-time token of e-mail verification",
        body: loginWithTokenRequestSchema,
        response: { 200: authSessionResponseSchema, ...errorResponses(401, 429) },
      },
      ...rateLimited(app, "login-with-token", rateLimits),
    },
    (request) => accounts.loginWithToken(request.body.email, request.body.token),
  );

  app.post(
    "/refresh-token",
    {
      schema: {
        tags,
        summary: "Swap a refresh token for a new pair (rotation)",
        body: refreshTokenRequestSchema,
        response: { 200: refreshTokenResponseSchema, ...errorResponses(401, 429) },
      },
      // A device holding a live session keeps refreshing whatever others fail from its address
      // (decision 036); a made-up token still counts and is refused like any failure.
      ...rateLimited(app, "refresh-token", rateLimits, {
        admit: async (request) => sessions.holdsLiveToken((request.body as { refreshToken?: unknown }).refreshToken),
      }),
    },
    async (request) => {
      const issued = await sessions.refresh(request.body.refreshToken);
      return {
        success: true as const,
        accessToken: issued.token,
        token: issued.token,
        refreshToken: issued.refreshToken,
      };
    },
  );

  app.post(
    "/logout",
    {
      schema: {
        tags,
        summary: "End the session (refresh token and/or bearer token)",
        body: logoutRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const accessToken = bearerToken(request);
      await sessions.close({
        refreshToken: request.body?.refreshToken,
        sessionId: accessToken ? ((await sessions.sessionOf(accessToken)) ?? undefined) : undefined,
      });
      return { success: true as const, message: translate(request, "apiMessages.loggedOut") };
    },
  );
};
