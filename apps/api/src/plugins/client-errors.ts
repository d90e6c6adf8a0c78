import type { Socket } from "node:net";
import type { ConnectionError } from "fastify";
import { translateShared } from "@tavolo/shared/i18n/translate";
import { DEFAULT_LANGUAGE, matchLanguage, type Language } from "@tavolo/shared/languages";
import { PERMISSIONS_POLICY } from "../http/permissions-policy";

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`):
 * headers over Node's 16 KiB, a request line too long to parse, a malformed request, one that
 * arrives too slowly. Fastify's default answers them in its own English shape; these answers are
 * ours: `{ success:false, error, code }` in the request's language (decision 019).
 */
/** X-User-Language, else Accept-Language, as far as the raw bytes show them; else Italian. */
function languageOf(raw: string): Language {
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*([^\\r\\n]*)`, "im").exec(raw)?.[1];
  return matchLanguage(header("x-user-language")) ?? matchLanguage(header("accept-language")) ?? DEFAULT_LANGUAGE;
}

/**
 * Node counts the request line into the header limit, so an address too long overflows it as
 * well: when the request line takes most of what was read (or never ended), the address is the
 * problem, and the answer is 414 rather than 431.
 */
function addressTooLong(raw: string): boolean {
  if (!/^[A-Z]+ /.test(raw)) return false;
  const end = raw.indexOf("\r\n");
  return end === -1 || end > raw.length / 2;
}

/**
 * The bytes the parser was reading when it gave up. A Buffer at run time; Fastify's type describes
 * its JSON form, and Node leaves it out for errors that are not the parser's.
 */
function rawPacketOf(error: ConnectionError): string {
  const packet: unknown = error.rawPacket;
  if (Buffer.isBuffer(packet)) return packet.toString("latin1");
  const data = (packet as { data?: number[] } | undefined)?.data;
  return Array.isArray(data) ? Buffer.from(data).toString("latin1") : "";
}

function answerFor(error: ConnectionError, raw: string): { status: number; code: string; key: string } {
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { status: 408, code: "request_timeout", key: "apiErrors.requestTimeout" };
  }
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return addressTooLong(raw)
      ? { status: 414, code: "uri_too_long", key: "apiErrors.uriTooLong" }
      : { status: 431, code: "headers_too_large", key: "apiErrors.headersTooLarge" };
  }
  return { status: 400, code: "bad_request", key: "apiErrors.badRequest" };
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  414: "URI Too Long",
  431: "Request Header Fields Too Large",
};

export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  // A reset connection has no one left to answer (as Fastify's own handler does).
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const raw = rawPacketOf(error);
  const { status, code, key } = answerFor(error, raw);
  const body = JSON.stringify({ success: false, error: translateShared(languageOf(raw), key), code });
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${REASONS[status]}`,
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Cache-Control: no-store",
        "X-Content-Type-Options: nosniff",
        `Permissions-Policy: ${PERMISSIONS_POLICY}`,
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
  }
  socket.destroy(error);
}
