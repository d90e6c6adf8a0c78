/**
 * Tells an OpenID provider that could not be reached apart from one that answered and refused
 * (decision 018): the first is worth a retry later (a 503 with Retry-After, a "try again in a few
 * minutes" page), the second is a refused sign-in.
 */

interface WithCause {
  cause?: unknown;
  code?: unknown;
  status?: unknown;
  name?: unknown;
  message?: unknown;
}

const fields = (value: unknown): WithCause => (typeof value === "object" && value !== null ? value : {});

/** The status of a provider answer carried by an openid-client or oauth4webapi error, if any. */
function providerStatus(error: WithCause): number | undefined {
  if (typeof error.status === "number") return error.status; // ResponseBodyError
  const cause = error.cause;
  if (cause instanceof Response) return cause.status; // "unexpected HTTP response status code"
  return undefined;
}

/**
 * Why the provider is out of reach (refused or reset connection, unknown host, timeout, a 5xx
 * answer, keys it does not serve), or undefined when the error is not an outage.
 */
export function providerOutageCause(error: unknown): string | undefined {
  const e = fields(error);
  // fetch() itself failed: undici puts the socket or DNS error in `cause`.
  if (e.name === "TypeError" && e.message === "fetch failed") {
    const cause = fields(e.cause);
    const code = typeof cause.code === "string" ? cause.code : undefined;
    return `connection failed (${code ?? String(cause.message ?? "network error")})`;
  }
  if (e.name === "TimeoutError" || e.name === "AbortError" || e.code === "ERR_JWKS_TIMEOUT") return "timed out";
  const status = providerStatus(e);
  if (status !== undefined && status >= 500) return `answered HTTP ${status}`;
  // jose's remote key set does not say which status it got; a provider not serving its keys cannot
  // verify anyone until it does again.
  if (typeof e.message === "string" && e.message.startsWith("Expected 200 OK from the JSON Web Key Set")) {
    return "did not serve its signing keys (JWKS)";
  }
  return undefined;
}

/**
 * One line for the log: the outage cause, else the error's own message with the OAuth error the
 * provider answered (openid-client's ResponseBodyError carries `error` and `error_description`).
 */
export function describeProviderError(error: unknown): string {
  const outage = providerOutageCause(error);
  if (outage) return outage;
  const e = fields(error) as WithCause & { error?: unknown; error_description?: unknown };
  const message = typeof e.message === "string" ? e.message : String(error);
  if (typeof e.error !== "string") return message;
  return `${message} (${e.error}${typeof e.error_description === "string" ? `: ${e.error_description}` : ""})`;
}
