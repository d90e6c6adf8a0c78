import { API_TIMEOUT_MS } from "@tavolo/shared/constants";
import i18n, { currentLanguage } from "../i18n/i18n";
import { API_BASE_URL } from "../config/env";
import { storage } from "./storage";
import { createSessionRefresher } from "./session-refresh";

/** Client routes of SPEC §7 live under this prefix; auth redirects (/auth/google/...) do not. */
export const CLIENT_PREFIX = "/client";
export const clientPath = (path: string): string => `${CLIENT_PREFIX}${path}`;

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

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Query;
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

function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
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

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
    return body as T;
  }

  return {
    request,
    /** The client's messages: an answer it cannot read fails in them too (lib/parse-answer.ts). */
    translate: config.translate,
    get: <T>(path: string, options: Omit<RequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...options, method: "GET" }),
    post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...options, method: "POST", body: body ?? {} }),
    put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...options, method: "PUT", body: body ?? {} }),
    delete: <T>(path: string, options: Omit<RequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...options, method: "DELETE" }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const translate = (key: string) => i18n.t(key);

/** Only for POST /client/refresh-token: no bearer, and a 401 here never starts another refresh. */
const refreshClient = createApiClient({
  baseUrl: API_BASE_URL,
  timeoutMs: API_TIMEOUT_MS,
  getToken: () => null,
  getLanguage: currentLanguage,
  translate,
});

export const apiClient: ApiClient = createApiClient({
  baseUrl: API_BASE_URL,
  timeoutMs: API_TIMEOUT_MS,
  getToken: () => storage.getString("auth_token"),
  getLanguage: currentLanguage,
  translate,
  onUnauthorized: createSessionRefresher({
    refresh: (refreshToken) =>
      refreshClient.post<{ accessToken?: string; token?: string; refreshToken?: string }>(
        clientPath("/refresh-token"),
        { refreshToken },
      ),
    refused: (error) => error instanceof ApiError && error.status >= 400 && error.status < 500,
    messageOf: (error) => (error instanceof ApiError && error.fromServer ? error.message : null),
    translate,
  }),
});

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
