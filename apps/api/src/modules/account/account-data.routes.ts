import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ACCOUNT_DELETE_PATH,
  ACCOUNT_DELETION_CODE_PATH,
  ACCOUNT_EXPORT_PATH,
  accountExportFileName,
  accountExportSchema,
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
} from "@tavolo/shared/account-data";
import type { AppConfig } from "../../config";
import { errorResponses, messageResponseSchema } from "@tavolo/shared/api-responses";
import { unauthorized } from "../../errors";
import { SIGNED_IN } from "../../plugins/api-docs";
import { callerId } from "../../plugins/auth";
import { rateLimited, translate } from "../auth/route-helpers";
import type { AccountDeletionService } from "./account-deletion.service";
import type { AccountExportService } from "./account-export.service";

const tags = ["settings"];

/**
 * A diner's own data (decision 021), signed in, under /api/client: the caller's, never anyone
 * else's (no id in the path or body: the token names the account).
 */
export const accountDataRoutes: FastifyPluginAsyncZod<{
  exporter: AccountExportService;
  deletion: AccountDeletionService;
  rateLimits: AppConfig["authRateLimit"];
  /** A deletion cancels upcoming bookings: their tables and seats are free again in every process. */
  invalidateAvailability: () => void;
}> = async (app, { exporter, deletion, rateLimits, invalidateAvailability }) => {
  app.addHook("onRequest", app.requireUser);

  app.get(
    ACCOUNT_EXPORT_PATH,
    {
      schema: {
        tags,
        summary: "Everything Tavolo holds about the caller, as a JSON download (tavolo-<date>.json)",
        security: SIGNED_IN,
        response: { 200: accountExportSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const sessionId = request.sessionId;
      if (!sessionId) throw unauthorized("unauthorized", "apiErrors.unauthorized");
      const document = await exporter.export(callerId(request), sessionId);
      void reply.header("content-disposition", `attachment; filename="${accountExportFileName(new Date())}"`);
      return document;
    },
  );

  app.delete(
    ACCOUNT_DELETE_PATH,
    {
      schema: {
        tags,
        summary:
          "Delete the caller's account: { password }, or for an account without one (Google) { code } (mailed by " +
          "POST /account/deletion-code) or { idToken } of a Google sign-in under 10 minutes old. " +
          "Upcoming bookings are cancelled; past ones stay with the restaurant, anonymous",
        body: deleteAccountRequestSchema,
        security: SIGNED_IN,
        response: { 200: deleteAccountResponseSchema, ...errorResponses(400, 401, 429, 503) },
      },
      // A password check: limited like sign-in.
      ...rateLimited(app, "delete-account", rateLimits),
    },
    async (request) => {
      const { cancelledBookings } = await deletion.delete(callerId(request), request.body);
      if (cancelledBookings > 0) invalidateAvailability();
      return { success: true as const, message: translate(request, "apiMessages.accountDeleted") };
    },
  );

  app.post(
    ACCOUNT_DELETION_CODE_PATH,
    {
      schema: {
        tags,
        summary: "Mail the six-digit code that confirms the deletion of an account without a password (Google)",
        security: SIGNED_IN,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 429) },
      },
      // Every request may send a mail: counted like the other routes that do (decision 017).
      ...rateLimited(app, "deletion-code", rateLimits, "attempts"),
    },
    async (request) => {
      await deletion.sendCode(callerId(request));
      return { success: true as const, message: translate(request, "apiMessages.deletionCodeSent") };
    },
  );
};
