import type { FastifyInstance, FastifyRequest } from "fastify";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { AppConfig } from "../../config";
import { requestLanguage } from "../../i18n/request-language";
import { authRateLimit, type AuthRateLimitOptions, type Counted } from "../../plugins/rate-limit";

/** A message of ours in the caller's language (success answers carry one as `message`). */
export const translate = (request: FastifyRequest, key: string) => translateShared(requestLanguage(request), key);

/**
 * Route options limiting a route family: requests per client address, failed attempts (or every
 * attempt, for routes that send mail) per address, per (account, address) and per account (DESIGN §5,
 * decision 017).
 */
export function rateLimited(
  app: FastifyInstance,
  scope: string,
  rules: AppConfig["authRateLimit"],
  counted: Counted | AuthRateLimitOptions = "failures",
) {
  const hooks = authRateLimit(app, scope, rules, typeof counted === "string" ? { counted } : counted);
  return { onRequest: [hooks.onRequest], preHandler: [hooks.preHandler], onSend: [hooks.onSend] };
}
