import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { BODY_ERROR_STATUSES, errorResponses } from "@tavolo/shared/api-responses";
import { MAX_PUSH_SUBSCRIPTIONS } from "@tavolo/shared/constants";
import {
  deletePushSubscriptionBodySchema,
  pushPublicKeyResponseSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionResponseSchema,
} from "@tavolo/shared/push";
import type { DB } from "../../db/schema";
import { AppError, badRequest, notFound } from "../../errors";
import { SIGNED_IN } from "../../plugins/api-docs";
import { callerId } from "../../plugins/auth";
import type { PushConfig } from "./push-config";
import { isAllowedPushEndpoint } from "./push-endpoints";
import * as repo from "./push.repository";

const tags = ["push"];
const pushOff = () => notFound("push_unavailable", "apiErrors.pushUnavailable");

/** Web Push (decision 045): the server's public key, and the caller's browsers subscribing. */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB>; config: PushConfig }> = async (app, options) => {
  const { db, config } = options;

  app.get(
    "/push/public-key",
    {
      schema: {
        tags,
        summary: "The VAPID public key (base64url) a browser subscribes with; 404 when push is off",
        response: { 200: pushPublicKeyResponseSchema, ...errorResponses(404) },
      },
    },
    async () => {
      if (!config.vapid) throw pushOff();
      return { publicKey: config.vapid.publicKey };
    },
  );

  app.post(
    "/push/subscriptions",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: `Subscribe the caller's browser (its PushSubscription JSON); at most ${MAX_PUSH_SUBSCRIPTIONS} per diner`,
        security: SIGNED_IN,
        body: pushSubscriptionBodySchema,
        response: { 201: pushSubscriptionResponseSchema, ...errorResponses(...BODY_ERROR_STATUSES, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      if (!config.vapid) throw pushOff();
      const { endpoint, keys } = request.body;
      // The server will POST to this URL: only known push services (SSRF, decision 045).
      if (!isAllowedPushEndpoint(endpoint, config.extraOrigins)) {
        throw badRequest("push_endpoint_not_allowed", "apiErrors.pushEndpointNotAllowed");
      }
      const userId = callerId(request);
      await db.transaction().execute(async (trx) => {
        await repo.lockDinerSubscriptions(trx, userId);
        if ((await repo.countOtherSubscriptions(trx, userId, endpoint)) >= MAX_PUSH_SUBSCRIPTIONS) {
          throw new AppError(409, "push_subscriptions_limit", "apiErrors.pushSubscriptionsLimit", {
            max: MAX_PUSH_SUBSCRIPTIONS,
          });
        }
        await repo.upsertSubscription(trx, { userId, endpoint, p256dh: keys.p256dh, auth: keys.auth });
      });
      return reply.status(201).send({ success: true as const });
    },
  );

  app.delete(
    "/push/subscriptions",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Unsubscribe one of the caller's browsers by its endpoint; answers the same when already gone",
        security: SIGNED_IN,
        body: deletePushSubscriptionBodySchema,
        response: { 200: pushSubscriptionResponseSchema, ...errorResponses(...BODY_ERROR_STATUSES, 401) },
      },
    },
    async (request) => {
      await repo.deleteSubscription(db, callerId(request), request.body.endpoint);
      return { success: true as const };
    },
  );
};
