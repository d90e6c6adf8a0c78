import type { Agent } from "node:https";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import webpush, { WebPushError } from "web-push";
import type { PushKind, PushPayload } from "@tavolo/shared/push";
import { pushSends } from "../../metrics/business-metrics";
import type { DB } from "../../db/schema";
import type { PushConfig } from "./push-config";
import * as repo from "./push.repository";
import { inSpan } from "../../telemetry/spans";

/** Pushes one poll takes at most; the poll goes on while it finds full batches. */
const BATCH = 50;
/** One attempt's limit: the push service answers within it or the attempt fails (decision 045). */
const SEND_TIMEOUT_MS = 5_000;
/** How long a push service keeps an undelivered message, by kind: a hold is worth minutes only. */
const TTL_SECONDS: Record<PushKind, number> = { hold: 600, reminder: 3 * 3600, booking: 24 * 3600, alert: 6 * 3600 };
/** Urgency (RFC 8030 §5.3): what the diner must act on now wakes the device even on low battery. */
const URGENCY: Record<PushKind, "high" | "normal"> = {
  hold: "high",
  reminder: "high",
  booking: "normal",
  alert: "normal",
};

export interface PushSender {
  /** false: no VAPID keys (push is off), nothing is queued. */
  readonly enabled: boolean;
  /** The database the queue lives in, for a push written outside any other transaction. */
  readonly db: Kysely<DB>;
  /**
   * Queues the notification for every browser of the diner that wants this kind, with `executor`
   * (typically the transaction of the write it reports), and returns what starts sending it, to
   * call once that transaction has committed. Like the mail outbox (decision 014).
   */
  stage(executor: Kysely<DB>, userId: string, payload: PushPayload): Promise<() => void>;
  /**
   * The same for a write that queues the push in its own statement (`pushInsertFor`, decision 075):
   * what the queued row holds (undefined: push is off, queue nothing), and what starts sending the
   * rows that statement queued, to call once it has committed.
   */
  staged(payload: PushPayload): repo.PushQueueValues | undefined;
  deliverQueued(pushes: readonly repo.QueuedPush[]): () => void;
  /** One pass of the retry worker: every due push, a batch at a time. The number sent. */
  runOnce(): Promise<number>;
  start(): void;
  /** Resolves when every send started so far has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createPushSender(deps: {
  db: Kysely<DB>;
  config: PushConfig;
  log: FastifyBaseLogger;
  /** Only for tests: trusts the test push service's own certificate. */
  agent?: Agent;
}): PushSender {
  const { db, config, log } = deps;
  const { vapid, retry } = config;
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  const track = <T>(work: Promise<T>): Promise<T> => {
    const tracked = work.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return work;
  };

  const deliverQueued = (pushes: readonly repo.QueuedPush[]) => () => {
    for (const push of pushes) void track(deliver(push));
  };

  /** Sends one queued push; true when the push service took it. */
  async function deliver(push: repo.QueuedPush): Promise<boolean> {
    if (!vapid) return false;
    try {
      // web-push uses https.request, which never follows a redirect: a 3xx fails the attempt.
      await inSpan("push.send", { "server.address": new URL(push.endpoint).host, "tavolo.push.kind": push.kind }, () =>
        webpush.sendNotification(
          { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
          JSON.stringify(push.payload),
          {
            vapidDetails: vapid,
            TTL: push.ttl_seconds,
            urgency: URGENCY[push.kind],
            contentEncoding: "aes128gcm",
            timeout: SEND_TIMEOUT_MS,
            ...(deps.agent ? { agent: deps.agent } : {}),
          },
        ),
      );
    } catch (error) {
      pushSends.inc({ outcome: "failed" });
      await recordFailure(push, error);
      return false;
    }
    pushSends.inc({ outcome: "sent" });
    await repo.markPushSent(db, push.id).catch((error: unknown) => {
      // Sent but not recorded: the lease runs out and it is sent again, which a browser shows once (same tag).
      log.warn({ err: error, pushId: push.id }, "sent push not marked sent");
    });
    return true;
  }

  async function recordFailure(push: repo.QueuedPush, error: unknown): Promise<void> {
    const status = error instanceof WebPushError ? error.statusCode : undefined;
    if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired (RFC 8030 §7.3): it and its queue go.
      await repo.deleteSubscriptionById(db, push.subscription_id);
      log.info({ pushId: push.id, status }, "push subscription gone; removed");
      return;
    }
    // Too many requests, the service's own trouble, or no answer: worth another attempt. Any other
    // answer (400, 403, 413, a redirect) will not change by itself.
    const transient = status === undefined || status === 429 || status >= 500;
    const retryAfter = error instanceof WebPushError ? Number(error.headers["retry-after"]) : NaN;
    const message =
      status === undefined
        ? String((error as Error).message ?? error)
        : `HTTP ${status}: ${(error as WebPushError).body}`;
    const outcome = await repo
      .markPushFailed(
        db,
        push.id,
        { error: message, permanent: !transient, retryAfterMs: Number.isFinite(retryAfter) ? retryAfter * 1000 : 0 },
        retry,
      )
      .catch((markError: unknown) => {
        log.warn({ err: markError, pushId: push.id }, "could not record a failed push; its lease runs out");
        return undefined;
      });
    const about = { pushId: push.id, kind: push.kind, status, err: error };
    if (!transient || outcome?.givenUp) log.error(about, "push failed for good; no further attempts");
    else log.warn(about, "push failed; will retry");
  }

  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (closed || !vapid) return sent;
      const due = await repo.claimDuePushes(db, BATCH, retry.leaseMs);
      const results = await Promise.all(due.map((push) => track(deliver(push))));
      sent += results.filter(Boolean).length;
      if (due.length < BATCH) return sent;
    }
  }

  let polling: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const idle = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };

  return {
    enabled: vapid !== undefined,
    db,
    async stage(executor, userId, payload) {
      if (!vapid) return () => {};
      const queued = await repo.queuePushes(executor, {
        userId,
        kind: payload.kind,
        payload,
        ttlSeconds: TTL_SECONDS[payload.kind],
        leaseMs: retry.leaseMs,
      });
      return deliverQueued(queued);
    },
    staged: (payload) =>
      vapid
        ? { payload: JSON.stringify(payload), ttlSeconds: TTL_SECONDS[payload.kind], leaseMs: retry.leaseMs }
        : undefined,
    deliverQueued,
    runOnce,
    start() {
      if (retry.pollMs <= 0 || !vapid) return;
      // Unref'd: the worker never keeps a process alive; close() stops it.
      timer = setInterval(() => {
        if (polling || closed) return;
        polling = track(runOnce())
          .catch((error: unknown) => log.warn({ err: error }, "push worker could not read its queue"))
          .finally(() => (polling = undefined));
      }, retry.pollMs).unref();
    },
    idle,
    async close() {
      closed = true;
      clearInterval(timer);
      await idle();
    },
  };
}
