import type {
  ApiMethod,
  ApiRoute,
  RouteAnswer,
  RouteBody,
  RouteParams,
  RoutePath,
  RouteQuery,
} from "@tavolo/shared/api-routes";

/** Set it on a request to send the body exactly as given (no `language` field added). */
export const LANGUAGE_OVERRIDE_HEADER = "X-Language-Override";

export type ApiErrorCode = "network" | "timeout" | "invalid_response" | (string & {});

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly body: unknown;
  /** True when `message` is the server's own text (already in the user's language). */
  readonly fromServer: boolean;

  constructor(init: { status: number; code: ApiErrorCode; message: string; body?: unknown; fromServer?: boolean }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.body = init.body ?? null;
    this.fromServer = init.fromServer ?? false;
  }
}

/** A query string's values; empty ones (undefined, null, "") are left out. */
type Query = Record<string, string | number | boolean | null | undefined>;

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: object;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Credentials in the body (login, token login, Google code): no stored bearer is sent, so a 401
   * means wrong credentials, never an expired session to refresh.
   */
  anonymous?: boolean;
}

/*
 * The route table's types at the call site (decision 051): a method takes only the paths it serves,
 * and each route's params, query and body as its shared schema describes them.
 */
type LooseCallOptions = CallOptionsBase & { params?: Record<string, unknown>; query?: object; body?: unknown };
type Route<M extends ApiMethod, P extends string> = `${M} ${P}` extends infer R extends ApiRoute ? R : never;
type CallOptionsBase = Omit<RequestOptions, "method" | "query" | "body">;
type Absent<T> = [T] extends [never] ? true : false;
type Field<Name extends string, T> =
  Absent<T> extends true ? { [K in Name]?: never } : object extends T ? { [K in Name]?: T } : { [K in Name]: T };

/** What one route takes beside the path: its path parameters, query and body, each required when the route needs it. */
export type CallOptions<R extends ApiRoute> = CallOptionsBase &
  Field<"params", RouteParams<R>> &
  Field<"query", RouteQuery<R>> &
  Field<"body", RouteBody<R>>;
type CallArgs<R extends ApiRoute> =
  object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

export interface ApiClientConfig {
  baseUrl: string;
  timeoutMs: number;
  getToken: () => string | null;
  getLanguage: () => string;
  translate: (key: string) => string;
  /**
   * Called once on a 401 with the bearer token the request carried (null: none); resolve true once
   * a fresh token is stored to have the request retried once, false to let the 401 surface.
   */
  onUnauthorized?: (usedToken: string | null) => Promise<boolean>;
  /**
   * How requests leave: the browser's fetch by default; the server rendering hands in one that goes
   * through the API in-process (app.inject), so a page is loaded by the very routes, caches and schemas.
   */
  fetch?: typeof globalThis.fetch;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function buildUrl(baseUrl: string, path: string, query?: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ""}`;
}

function fallbackKey(status: number): string {
  if (status === 429) return "errors.tooManyRequests";
  if (status === 401) return "errors.sessionExpired";
  if (status >= 500) return "errors.server";
  return "errors.generic";
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // not JSON (an HTML error page from a proxy, for one)
  }
}

export function createApiClient(config: ApiClientConfig) {
  async function send(path: string, options: RequestOptions): Promise<{ response: Response; token: string | null }> {
    const method = options.method ?? "GET";
    const language = config.getLanguage();
    const headers: Record<string, string> = {
      Accept: "application/json",
      "Accept-Language": language,
      "X-User-Language": language,
      ...options.headers,
    };
    // A caller may bring its own bearer (a Google return hands one over before it is stored).
    const token = options.anonymous || headers.Authorization ? null : config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      const overridden = Object.keys(headers).some(
        (name) => name.toLowerCase() === LANGUAGE_OVERRIDE_HEADER.toLowerCase(),
      );
      const addLanguage = (method === "POST" || method === "PUT") && !overridden && isPlainObject(options.body);
      body = JSON.stringify(addLanguage ? { language, ...(options.body as object) } : options.body);
      headers["Content-Type"] = "application/json";
    }

    // Our own controller carries the timeout; the caller's signal (TanStack Query's) is chained to it.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? config.timeoutMs);
    const forwardAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) forwardAbort();
    options.signal?.addEventListener("abort", forwardAbort, { once: true });

    try {
      const response = await (config.fetch ?? globalThis.fetch)(buildUrl(config.baseUrl, path, options.query), {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: "same-origin",
      });
      return { response, token };
    } catch (error) {
      if (timedOut) throw new ApiError({ status: 0, code: "timeout", message: config.translate("errors.timeout") });
      if (options.signal?.aborted) throw error; // a cancelled query, not a failure to report
      throw new ApiError({ status: 0, code: "network", message: config.translate("errors.network"), body: error });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", forwardAbort);
    }
  }

  async function request(path: string, options: RequestOptions): Promise<unknown> {
    const first = await send(path, options);
    let response = first.response;
    if (response.status === 401 && config.onUnauthorized && (await config.onUnauthorized(first.token))) {
      response = (await send(path, options)).response;
    }
    const body = await readBody(response);
    const record = isPlainObject(body) ? body : null;
    if (!response.ok || record?.success === false) {
      const serverMessage = typeof record?.error === "string" && record.error ? record.error : null;
      throw new ApiError({
        status: response.status,
        code: typeof record?.code === "string" ? record.code : `http_${response.status}`,
        message: serverMessage ?? config.translate(fallbackKey(response.status)),
        body,
        fromServer: serverMessage !== null,
      });
    }
    if (body === undefined) {
      throw new ApiError({
        status: response.status,
        code: "invalid_response",
        message: config.translate("errors.generic"),
      });
    }
    return body;
  }

  /** `/client/holds/:id/confirm` with `{ id: "h 1" }` → `/client/holds/h%201/confirm`. */
  const fillPath = (pattern: string, params: Record<string, unknown> = {}) =>
    pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));

  function call(method: ApiMethod, pattern: string, options: LooseCallOptions = {}): Promise<unknown> {
    const { params, body, ...rest } = options;
    // POST and PUT always carry a JSON object (the server reads `language` from it); DELETE only when given.
    const sent = body ?? (method === "POST" || method === "PUT" ? {} : undefined);
    return request(fillPath(pattern, params), { ...rest, method, body: sent });
  }
  const caller =
    <M extends ApiMethod>(method: M) =>
    <P extends RoutePath<M>>(path: P, ...[options]: CallArgs<Route<M, P>>) =>
      call(method, path, options as LooseCallOptions | undefined) as Promise<RouteAnswer<Route<M, P>>>;

  /**
   * Each method takes a path of the route table (decision 051); the answer's type comes with it.
   * `translate` is the client's messages: an answer it cannot read fails in them too (lib/parse-answer.ts).
   */
  return {
    translate: config.translate,
    get: caller("GET"),
    post: caller("POST"),
    put: caller("PUT"),
    delete: caller("DELETE"),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Text to show for a failed call: the server's message, or the network/timeout text, else the
 * caller's fallback (the spec names one per screen, e.g. auth.loginFailed).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.fromServer || error.code === "network" || error.code === "timeout")) {
    return error.message;
  }
  return fallback;
}
