import type { FastifyInstance, FastifyRequest } from "fastify";

/** Who listens for each app's answered requests (see whenAnswered). */
const answeredListeners = new WeakMap<FastifyInstance, Array<(request: FastifyRequest) => void>>();

/**
 * Runs `done` once a request's handler has answered, whether or not its client is still there: on
 * `onSend`, which Fastify runs for a client that left too (after its handler, or its failed body),
 * or on `onResponse`, whichever comes first (so `done` may run twice). `onRequestAbort` comes while
 * the handler may still be running, and `onResponse` never comes once the socket is gone.
 */
export function whenAnswered(app: FastifyInstance, done: (request: FastifyRequest) => void): void {
  const listeners = answeredListeners.get(app);
  if (listeners) return void listeners.push(done);
  // One pair of hooks per app, whoever listens: they run on every request.
  const all = [done];
  answeredListeners.set(app, all);
  const answered = (request: FastifyRequest) => {
    for (const listener of all) listener(request);
  };
  app.addHook("onSend", (request, _reply, payload, next) => {
    answered(request);
    next(null, payload);
  });
  app.addHook("onResponse", (request, _reply, next) => {
    answered(request);
    next();
  });
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
  /** Set while a close waits: called when the last running request has answered. */
  let drained: (() => void) | undefined;
  app.addHook("onRequest", (request, _reply, next) => {
    running.add(request);
    next();
  });
  whenAnswered(app, (request) => {
    if (running.delete(request) && running.size === 0) drained?.();
  });
  app.addHook("onClose", async () => {
    if (running.size > 0) await new Promise<void>((resolve) => (drained = resolve));
  });
}
