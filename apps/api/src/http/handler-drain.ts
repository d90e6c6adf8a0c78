import type { FastifyInstance, FastifyRequest } from "fastify";

/** How often a closing server looks again whether its last handlers have finished. */
const POLL_MS = 10;

/**
 * Runs `done` once a request's handler has answered, whether or not its client is still there: on
 * `onSend`, which Fastify runs for a client that left too (after its handler, or its failed body),
 * or on `onResponse`, whichever comes first (so `done` may run twice). `onRequestAbort` comes while
 * the handler may still be running, and `onResponse` never comes once the socket is gone.
 */
export function whenAnswered(app: FastifyInstance, done: (request: FastifyRequest) => void): void {
  app.addHook("onSend", async (request, _reply, payload) => {
    done(request);
    return payload;
  });
  app.addHook("onResponse", async (request) => done(request));
}

/**
 * Makes `app.close()` wait for every request still being handled, including one whose client has
 * left. Node's server close waits for open connections only, so a booking abandoned mid-way went on
 * after it: the mailer and the database closed under it, its mail was delivered but never marked
 * sent (so sent twice), and a table it freed could miss the waitlist (decision 069). Call it last
 * in `buildApp`: close hooks run last-registered first, so this wait comes right after the server
 * stops listening and before the workers, the mailer and (in serve.ts) the database close.
 */
export function registerHandlerDrain(app: FastifyInstance): void {
  const running = new Set<object>();
  app.addHook("onRequest", async (request) => void running.add(request));
  whenAnswered(app, (request) => void running.delete(request));
  app.addHook("onClose", async () => {
    while (running.size > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  });
}
