import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changePasswordRequestSchema,
  notificationSettingsResponseSchema,
  notificationSettingsSchema,
  requestEmailChangeRequestSchema,
  saveNotificationSettingsResponseSchema,
  verifyPhoneConfirmRequestSchema,
  verifyPhoneConfirmResponseSchema,
  verifyPhoneStartRequestSchema,
  verifyPhoneStartResponseSchema,
} from "@tavolo/shared/account";
import { errorResponses, messageResponseSchema } from "@tavolo/shared/api-responses";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { Kysely } from "kysely";
import type { AppConfig } from "../../config";
import type { DB } from "../../db/schema";
import { unauthorized } from "../../errors";
import { requestLanguage } from "../../i18n/request-language";
import { SIGNED_IN } from "../../plugins/api-docs";
import { callerId, callerNamedBy } from "../../plugins/auth";
import { rateLimited, translate } from "../auth/route-helpers";
import { toAuthUser } from "../auth/user.mapper";
import * as repo from "./account.repository";
import type { EmailChangeService } from "./email-change.service";
import type { PasswordChangeService } from "./password-change.service";
import type { PhoneVerificationService } from "./phone-verification.service";

interface Options {
  db: Kysely<DB>;
  phone: PhoneVerificationService;
  emailChange: EmailChangeService;
  passwordChange: PasswordChangeService;
  rateLimits: AppConfig["authRateLimit"];
}

const tags = ["settings"];
/** The body's userId of another user is a 403; sends are limited (429, with retryAfter for cooldowns). */
const actionErrors = errorResponses(401, 403, 409, 429);

/** The settings screen's calls (SPEC §7 "Verification and recovery", DESIGN §1), signed in, under /api/client. */
export const accountRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { db, phone, emailChange, passwordChange, rateLimits } = options;
  app.addHook("onRequest", app.requireUser);

  app.post(
    "/verify-phone/start",
    {
      schema: {
        tags,
        summary: "Send a six-digit code by SMS to a number (60 s cooldown, answered with retryAfter)",
        body: verifyPhoneStartRequestSchema,
        security: SIGNED_IN,
        response: { 200: verifyPhoneStartResponseSchema, ...actionErrors },
      },
      ...rateLimited(app, "verify-phone", rateLimits, "attempts"),
    },
    async (request) => {
      const userId = callerNamedBy(request, request.body.userId);
      const result = await phone.start(userId, request.body.phoneNumber);
      return {
        success: true as const,
        alreadyVerified: result.alreadyVerified,
        phoneNumber: request.body.phoneNumber,
        message: translate(request, result.alreadyVerified ? "apiMessages.phoneVerified" : "apiMessages.phoneCodeSent"),
      };
    },
  );

  app.post(
    "/verify-phone/confirm",
    {
      schema: {
        tags,
        summary: "Check the SMS code; the number becomes the profile's verified number",
        body: verifyPhoneConfirmRequestSchema,
        security: SIGNED_IN,
        response: { 200: verifyPhoneConfirmResponseSchema, ...actionErrors },
      },
      ...rateLimited(app, "verify-phone-confirm", rateLimits),
    },
    async (request) => {
      const user = await phone.confirm(callerNamedBy(request, request.body.userId), request.body.otp);
      return {
        success: true as const,
        message: translate(request, "apiMessages.phoneVerified"),
        user: toAuthUser(user),
      };
    },
  );

  app.post(
    "/request-email-change",
    {
      schema: {
        tags,
        summary: "Send a confirmation link to a new address (60 s cooldown); the change happens on the link",
        body: requestEmailChangeRequestSchema,
        security: SIGNED_IN,
        response: { 200: messageResponseSchema, ...actionErrors },
      },
      ...rateLimited(app, "request-email-change", rateLimits, "attempts"),
    },
    async (request) => {
      await emailChange.request(callerId(request), request.body.newEmail);
      return {
        success: true as const,
        message: translateShared(requestLanguage(request), "apiMessages.emailChangeRequested", {
          email: request.body.newEmail,
        }),
      };
    },
  );

  app.post(
    "/change-password",
    {
      schema: {
        tags,
        summary: "Change the password (current one required); ends every other session",
        body: changePasswordRequestSchema,
        security: SIGNED_IN,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 429) },
      },
      ...rateLimited(app, "change-password", rateLimits),
    },
    async (request) => {
      const sessionId = request.sessionId;
      if (!sessionId) throw unauthorized("unauthorized", "apiErrors.unauthorized");
      await passwordChange.change(callerId(request), sessionId, request.body.currentPassword, request.body.newPassword);
      return { success: true as const, message: translate(request, "apiMessages.passwordChanged") };
    },
  );

  app.get(
    "/notification-settings",
    {
      schema: {
        tags,
        summary: "The caller's notification preferences (defaults until saved)",
        security: SIGNED_IN,
        response: { 200: notificationSettingsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      success: true as const,
      settings: await repo.findNotificationSettings(db, callerId(request)),
    }),
  );

  app.put(
    "/notification-settings",
    {
      schema: {
        tags,
        summary: "Save the caller's notification preferences",
        body: notificationSettingsSchema,
        security: SIGNED_IN,
        response: { 200: saveNotificationSettingsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const settings = await repo.saveNotificationSettings(db, callerId(request), request.body);
      return { success: true as const, message: translate(request, "apiMessages.notificationSettingsSaved"), settings };
    },
  );
};
