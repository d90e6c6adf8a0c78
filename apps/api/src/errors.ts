/**
 * An expected failure with an HTTP status, a machine code and a shared i18n key (packages/shared
 * i18n). The error plugin turns it into `{ success:false, error, code, ...fields }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    /** Extra fields the spec names (type, redirectToLogin, retryAfter...). */
    readonly fields: Record<string, unknown> = {},
  ) {
    super(messageKey);
    this.name = "AppError";
  }
}

export const notFound = (code: string, messageKey: string, params?: Record<string, string | number>) =>
  new AppError(404, code, messageKey, params);

export const badRequest = (code: string, messageKey: string, params?: Record<string, string | number>) =>
  new AppError(400, code, messageKey, params);

export const unauthorized = (code: string, messageKey: string) => new AppError(401, code, messageKey);

export const forbidden = () => new AppError(403, "forbidden", "apiErrors.forbidden");

/** A 429 whose body carries `retryAfter` (seconds); the error plugin mirrors it in Retry-After. */
export const tooManyRequests = (
  retryAfterSeconds: number,
  code = "rate_limited",
  messageKey = "apiErrors.tooManyRequests",
) => new AppError(429, code, messageKey, { seconds: retryAfterSeconds }, { retryAfter: retryAfterSeconds });
