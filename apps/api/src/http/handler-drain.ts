import type { FastifyInstance } from "fastify";

/** How often a closing server looks again whether its last handlers have finished. */
const POLL_MS = 10;

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
  // The answer is being sent: the handler is done, whether or not its client is still there.
  app.addHook("onSend", async (request, _reply, payload) => {
    running.delete(request);
    return payload;
  });
  app.addHook("onResponse", async (request) => void running.delete(request));
  app.addHook("onClose", async () => {
    while (running.size > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  });
}
