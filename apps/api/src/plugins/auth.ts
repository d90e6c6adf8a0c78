import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** The verified caller, set by `requireUser`; null on public routes. */
    userId: string | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid access token of an open session. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export type Authenticate = (accessToken: string) => Promise<{ userId: string; sessionId: string }>;

/** Request decoration and the `requireUser` guard; registered on the root so every route plugin has them. */
export function registerAuth(app: FastifyInstance, authenticate: Authenticate): void {
  app.decorateRequest("userId", null);
  app.decorateRequest("sessionId", null);
  app.decorate("requireUser", async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) {
      void reply.header("www-authenticate", "Bearer");
      throw unauthorized("unauthorized", "apiErrors.unauthorized");
    }
    try {
      const claims = await authenticate(token);
      request.userId = claims.userId;
      request.sessionId = claims.sessionId;
    } catch (error) {
      void reply.header("www-authenticate", 'Bearer error="invalid_token"');
      throw error;
    }
  });
}

export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(request.headers.authorization ?? "");
  return match?.[1] ?? null;
}

/** The caller of a route guarded by `requireUser`. */
export function callerId(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized("unauthorized", "apiErrors.unauthorized");
  return request.userId;
}

/** Object-level authorization (DESIGN §5): a user id in the path or body must be the caller's. */
export function assertCaller(request: FastifyRequest, userId: string): string {
  const caller = callerId(request);
  if (userId.toLowerCase() !== caller.toLowerCase()) throw forbidden();
  return caller;
}

/** The spec's bodies may name the user (`userId`); when one does, it must be the caller (403 otherwise). */
export function callerNamedBy(request: FastifyRequest, userId: string | undefined): string {
  return userId === undefined ? callerId(request) : assertCaller(request, userId);
}
