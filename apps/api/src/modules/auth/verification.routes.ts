import { paths, sameOriginPath } from "@tavolo/shared/app-paths";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, messageResponseSchema, redirectResponse } from "@tavolo/shared/api-responses";
import {
  loginTokenResponseSchema,
  resendEmailRequestSchema,
  verifyEmailOtpRequestSchema,
  verifyEmailRequestSchema,
} from "@tavolo/shared/auth";
import { isSharedKey } from "@tavolo/shared/i18n/translate";
import type { AppConfig } from "../../config";
import { AppError } from "../../errors";
import type { EmailVerificationService } from "./email-verification.service";
import { rateLimited, translate } from "./route-helpers";

interface Options {
  verification: EmailVerificationService;
  appOrigin: string;
  rateLimits: AppConfig["authRateLimit"];
}

const tags = ["verification"];
const verifiedResponse = { 200: loginTokenResponseSchema, ...errorResponses(429) };
/** 429 also for the 60 s cooldown between two sends, with retryAfter. */
const resentResponse = { 200: messageResponseSchema, ...errorResponses(429) };

/** E-mail verification by code and by link (SPEC §7 "Verification and recovery"), under /api/client. */
export const verificationRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { verification, appOrigin, rateLimits } = options;
  const verified = (request: Parameters<typeof translate>[0], result: { loginToken: string }) => ({
    success: true as const,
    message: translate(request, "apiMessages.emailVerified"),
    loginToken: result.loginToken,
  });
  const resent = (request: Parameters<typeof translate>[0]) => ({
    success: true as const,
    message: translate(request, "apiMessages.verificationEmailSent"),
  });

  app.post(
    "/verify-email-otp",
    {
      schema: {
        tags,
        summary: "Verify the address with the six-digit code",
        body: verifyEmailOtpRequestSchema,
        response: verifiedResponse,
      },
      ...rateLimited(app, "verify-email", rateLimits),
    },
    async (request) => verified(request, await verification.verifyCode(request.body.email, request.body.otp)),
  );

  app.post(
    "/resend-email-otp",
    {
      schema: {
        tags,
        summary: "Send a new code (60 s cooldown, answered with retryAfter)",
        body: resendEmailRequestSchema,
        response: resentResponse,
      },
      ...rateLimited(app, "resend-email", rateLimits, "attempts"),
    },
    async (request) => {
      await verification.resend(request.body.email, "code");
      return resent(request);
    },
  );

  app.post(
    "/verify-email",
    {
      schema: {
        tags,
        summary: "Verify the address with the e-mail link's token",
        body: verifyEmailRequestSchema,
        response: verifiedResponse,
      },
      ...rateLimited(app, "verify-email", rateLimits),
    },
    async (request) => verified(request, await verification.verifyLink(request.body.email, request.body.actionCode)),
  );

  app.post(
    "/resend-verification-email",
    {
      schema: {
        tags,
        summary: "Send a new verification link (60 s cooldown)",
        body: resendEmailRequestSchema,
        response: resentResponse,
      },
      ...rateLimited(app, "resend-email", rateLimits, "attempts"),
    },
    async (request) => {
      await verification.resend(request.body.email, "link");
      return resent(request);
    },
  );

  app.get(
    "/verify-email-and-login",
    {
      schema: {
        tags,
        summary: "Browser navigation from the e-mail link: verifies, then redirects to the web result page",
        // Checked in the handler: a browser must land on a page, not on a JSON error.
        querystring: z.object({
          token: z.string().optional(),
          email: z.string().optional(),
          next: z.string().optional(),
        }),
        response: {
          302: redirectResponse(
            "To /verify-result/success with a loginToken (and change=1 after an e-mail change), or /verify-result/error with the message",
          ),
        },
      },
    },
    async (request, reply) => {
      const fail = (key: string) =>
        reply.redirect(
          `${appOrigin}${paths.verifyResult("error")}?${new URLSearchParams({ message: translate(request, key) })}`,
        );
      const input = verifyEmailRequestSchema.safeParse({ email: request.query.email, actionCode: request.query.token });
      if (!input.success) {
        const key = input.error.issues[0]?.message ?? "";
        return fail(isSharedKey(key) ? key : "apiErrors.verificationLinkInvalid");
      }
      try {
        const { loginToken, emailChanged } = await verification.verifyLink(input.data.email, input.data.actionCode);
        const query = new URLSearchParams({ loginToken, email: input.data.email });
        if (emailChanged) query.set("change", "1");
        // Registered mid-booking: the result page signs in, then goes back to the booking (decision 038).
        const next = sameOriginPath(request.query.next);
        if (next) query.set("next", next);
        return reply.redirect(`${appOrigin}${paths.verifyResult("success")}?${query}`);
      } catch (error) {
        if (error instanceof AppError) return fail(error.messageKey);
        request.log.error({ err: error }, "e-mail link verification failed");
        return fail("apiErrors.internal");
      }
    },
  );
};
