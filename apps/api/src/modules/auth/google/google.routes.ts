import { paths } from "@tavolo/shared/app-paths";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { translateShared } from "@tavolo/shared/i18n/translate";
import { errorResponses, redirectResponse } from "@tavolo/shared/api-responses";
import {
  authSessionResponseSchema,
  googleCodeRequestSchema,
  googleIdTokenRequestSchema,
  googleRedirectQuerySchema,
  googleStatusResponseSchema,
} from "@tavolo/shared/auth";
import type { AppConfig } from "../../../config";
import { AppError } from "../../../errors";
import { requestLanguage } from "../../../i18n/request-language";
import { rateLimited } from "../route-helpers";
import { STATE_TTL_SECONDS, type GoogleService } from "./google.service";

interface Options {
  /** Undefined when GOOGLE_* is not configured: every route but /status answers 503. */
  google: GoogleService | undefined;
  appOrigin: string;
  rateLimits: AppConfig["authRateLimit"];
}

const tags = ["google"];
const STATE_COOKIE = "tavolo_google_state";
const COOKIE_PATH = "/api/auth/google";

const notConfigured = () => new AppError(503, "google_not_configured", "apiErrors.googleNotConfigured");

function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

/** GET /api/auth/google/{status,redirect,callback}, POST /api/auth/google/code. */
export const googleAuthRoutes: FastifyPluginAsyncZod<Options> = async (app, { google, appOrigin, rateLimits }) => {
  const secure = appOrigin.startsWith("https:") ? "; Secure" : "";
  const configured = (): GoogleService => {
    if (!google) throw notConfigured();
    return google;
  };

  app.get(
    "/status",
    {
      schema: {
        tags,
        summary: "Whether Google sign-in is configured (for the button)",
        response: { 200: googleStatusResponseSchema },
      },
    },
    () => ({ success: true as const, configured: google !== undefined }),
  );

  app.get(
    "/redirect",
    {
      schema: {
        tags,
        summary: "Page redirect to Google (OpenID Connect, PKCE)",
        querystring: googleRedirectQuerySchema,
        response: {
          302: redirectResponse("To Google, or back to /register when signing up without the terms accepted"),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const service = configured();
      const language = requestLanguage(request);
      const { registration, terms_accepted: termsAccepted, marketing } = request.query;
      if (registration && !termsAccepted) {
        // Signing up needs the terms accepted first (SPEC §5, register.termsRequired).
        const params = new URLSearchParams({
          error: translateShared(language, "validation.termsRequired"),
          type: "termsRequired",
          showError: "true",
        });
        return reply.redirect(`${appOrigin}${paths.register()}?${params}`);
      }
      const { next, state } = await service.start({
        registration,
        termsAccepted,
        newsletterSubscribed: marketing,
        language,
      });
      // The state also lives in this browser's cookie: a callback from another browser is refused.
      if (state) {
        void reply.header(
          "set-cookie",
          `${STATE_COOKIE}=${state}; Path=${COOKIE_PATH}; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
        );
      }
      return reply.redirect(next);
    },
  );

  app.get(
    "/callback",
    {
      schema: {
        tags,
        summary: "Google's return: redirects the browser to the web with a one-time code",
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
        }),
        response: {
          302: redirectResponse("To the web's sign-in result page (a one-time code, registration or the failure)"),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      const service = configured();
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      // Our public address, never the Host header, is the redirect_uri Google knows.
      const callbackUrl = new URL(`${appOrigin}${COOKIE_PATH}/callback${query}`);
      const next = await service.finish(callbackUrl, readCookie(request, STATE_COOKIE), requestLanguage(request));
      void reply.header(
        "set-cookie",
        `${STATE_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
      );
      return reply.redirect(next);
    },
  );

  app.post(
    "/code",
    {
      schema: {
        tags,
        summary: "Exchange the one-time code for a session",
        body: googleCodeRequestSchema,
        response: { 200: authSessionResponseSchema, ...errorResponses(429) },
      },
      ...rateLimited(app, "google", rateLimits),
    },
    (request) => configured().exchangeCode(request.body.code),
  );
};

/** POST /api/client/auth/google: an ID token from the native Google plugin. */
export const googleIdTokenRoutes: FastifyPluginAsyncZod<Options> = async (app, { google, rateLimits }) => {
  app.post(
    "/auth/google",
    {
      schema: {
        tags,
        summary: "Sign in with a Google ID token (native app)",
        body: googleIdTokenRequestSchema,
        // 404 ACCOUNT_NOT_REGISTERED (with type, email, name); 409 an unverified Google address.
        response: {
          200: authSessionResponseSchema,
          ...errorResponses(401, 404, 409, 429),
        },
      },
      ...rateLimited(app, "google", rateLimits),
    },
    (request) => {
      if (!google) throw notConfigured();
      const { idToken, registration, termsAccepted, newsletterSubscribed } = request.body;
      return google.signInWithIdToken(idToken, {
        registration,
        termsAccepted,
        newsletterSubscribed,
        language: requestLanguage(request),
      });
    },
  );
};
