import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isSharedKey, translateShared } from "@tavolo/shared/i18n/translate";
import { isDeletedUserReference } from "../db/postgres-errors";
import { AppError } from "../errors";
import { PERMISSIONS_POLICY } from "../http/permissions-policy";
import { requestLanguage } from "../i18n/request-language";

/** Fastify's own client-error codes, each with a translated message of ours. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; key: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "malformed_json", key: "apiErrors.malformedJson" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "malformed_json", key: "apiErrors.malformedJson" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "payload_too_large", key: "apiErrors.payloadTooLarge" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "unsupported_media_type",
    key: "apiErrors.unsupportedMediaType",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "bad_request", key: "apiErrors.badRequest" },
  // Raised by the router before any route runs (see frameworkErrors below).
  FST_ERR_BAD_URL: { status: 400, code: "bad_url", key: "apiErrors.badUrl" },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: "uri_too_long", key: "apiErrors.uriTooLong" },
};

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a path with a broken %-escape, a
 * path parameter over maxParamLength) never reach setErrorHandler, and would otherwise leave as
 * Fastify's untranslated JSON without `success`. No hook runs for them, so the header every
 * answer carries is set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply.header("permissions-policy", PERMISSIONS_POLICY);
  const known = FASTIFY_CLIENT_ERRORS[error.code];
  const t = (key: string) => translateShared(requestLanguage(request), key);
  if (known) {
    void send(reply, known.status, { error: t(known.key), code: known.code });
    return;
  }
  request.log.error({ err: error }, "router error");
  void send(reply, 500, { error: t("apiErrors.internal"), code: "internal_error" });
}

/** Every error leaves as JSON in the request's language (DESIGN §5); never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    const t = (key: string, params?: Record<string, string | number>) => translateShared(language, key, params);

    if (error instanceof AppError) {
      const retryAfter = error.fields.retryAfter;
      if (typeof retryAfter === "number") void reply.header("retry-after", String(retryAfter));
      return send(reply, error.statusCode, {
        error: t(error.messageKey, error.params),
        code: error.code,
        ...error.fields,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || null,
        message: issue.message && isSharedKey(issue.message) ? t(issue.message) : t("validation.invalidInput"),
      }));
      return send(reply, 400, {
        error: fields[0]?.message ?? t("validation.invalidInput"),
        code: "validation_error",
        fields,
      });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, known.status, { error: t(known.key), code: known.code });
    if (error.statusCode === 429) {
      return send(reply, 429, { error: t("apiErrors.tooManyRequests"), code: "rate_limited" });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, { error: t("apiErrors.badRequest"), code: "bad_request" });
    }
    if (isDeletedUserReference(error)) {
      // The caller's account was deleted meanwhile: like any ended session.
      return send(reply, 401, { error: t("apiErrors.invalidToken"), code: "invalid_token" });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, route: request.routeOptions.url }, "database unavailable");
      void reply.header("Retry-After", "5");
      return send(reply, 503, { error: t("apiErrors.serviceUnavailable"), code: "service_unavailable" });
    }
    request.log.error({ err: error, route: request.routeOptions.url }, "unhandled error");
    return send(reply, 500, { error: t("apiErrors.internal"), code: "internal_error" });
  });

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const t = (key: string) => translateShared(requestLanguage(request), key);
    return send(reply, 404, { error: t("apiErrors.notFound"), code: "not_found" });
  });
}

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply
    .code(status)
    .type("application/json; charset=utf-8")
    .send({ success: false, ...body });
}

/** Connection-level failures (refused, reset, pool timeout, server shutting down) are retryable. */
function isDatabaseUnavailable(error: Error & { code?: string }): boolean {
  const code = error.code ?? "";
  return (
    ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01", "57P02", "57P03", "08006", "08001", "08003"].includes(
      code,
    ) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      error.message,
    )
  );
}
