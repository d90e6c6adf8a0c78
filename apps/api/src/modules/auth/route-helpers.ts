import type { FastifyInstance, FastifyRequest } from "fastify";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { AppConfig } from "../../config";
import { requestLanguage } from "../../i18n/request-language";
import { authRateLimit } from "../../plugins/rate-limit";

/** A message of ours in the caller's language (success answers carry one as `message`). */
export const translate = (request: FastifyRequest, key: string) => translateShared(requestLanguage(request), key);

/** Route options limiting a route family per client address and per e-mail address (DESIGN §5). */
export function rateLimited(app: FastifyInstance, scope: string, rules: AppConfig["authRateLimit"]) {
  const hooks = authRateLimit(app, scope, rules);
  return { onRequest: [hooks.onRequest], preHandler: [hooks.preHandler] };
}
