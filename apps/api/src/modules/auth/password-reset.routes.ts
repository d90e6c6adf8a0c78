import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses, messageResponseSchema } from "@tavolo/shared/api-responses";
import { requestPasswordResetRequestSchema, resetPasswordRequestSchema } from "@tavolo/shared/auth";
import type { AppConfig } from "../../config";
import type { PasswordResetService } from "./password-reset.service";
import { rateLimited, translate } from "./route-helpers";

interface Options {
  passwordReset: PasswordResetService;
  rateLimits: AppConfig["authRateLimit"];
}

const tags = ["account"];
const response = { 200: messageResponseSchema, ...errorResponses(429) };

/** Forgotten password (SPEC §7 "Verification and recovery"), under /api/client. */
export const passwordResetRoutes: FastifyPluginAsyncZod<Options> = async (app, { passwordReset, rateLimits }) => {
  app.post(
    "/request-password-reset",
    {
      schema: {
        tags,
        summary: "E-mail a reset link (same answer for any address)",
        body: requestPasswordResetRequestSchema,
        response,
      },
      // Every request sends a mail (the answer is the same for any address): each one counts.
      ...rateLimited(app, "password-reset", rateLimits, "attempts"),
    },
    async (request) => {
      await passwordReset.request(request.body.email);
      return { success: true as const, message: translate(request, "apiMessages.passwordResetRequested") };
    },
  );

  app.post(
    "/reset-password",
    {
      schema: {
        tags,
        summary: "Set a new password with the link's token (ends every session)",
        body: resetPasswordRequestSchema,
        response,
      },
      ...rateLimited(app, "password-reset", rateLimits),
    },
    async (request) => {
      await passwordReset.reset(request.body.token, request.body.newPassword);
      return { success: true as const, message: translate(request, "apiMessages.passwordResetDone") };
    },
  );
};
