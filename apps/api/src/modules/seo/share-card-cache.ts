import { LRUCache } from "lru-cache";
import { createConcurrencyGate, type ConcurrencyGateOptions } from "../../http/concurrency-gate";
import { cardVersion, type ShareCard } from "./share-card-content";
import type { renderShareCard } from "./share-card-render";

/** About a hundred KB a card: 64 MB keeps the cards of the most shared pages of a process. */
const MAX_BYTES = 64 * 1024 * 1024;
/**
 * One drawing at a time per process and eight waiting, then 503 + Retry-After (decision 041): a card
 * takes ~50 ms of this thread (layout) and ~100 ms of a libuv thread (rasterising) on two cores, so
 * a crawler cycling through every id gets ~10 cards a second and the rest of the API its share.
 */
export const SHARE_CARD_DRAWING: ConcurrencyGateOptions = { active: 1, queued: 8, retryAfterSeconds: 2 };

/**
 * Share cards drawn once per content (decision 028): keyed by the card's version, a hash of all it
 * shows, so a process draws a card again only after its restaurant or offer changed (or when the
 * card fell out of the cache). Processes need no coordination: equal content gives the same key,
 * the same PNG and the same ETag in each, and the ETag lets browsers and proxies skip the download.
 */
export function createShareCardCache(
  draw: (card: ShareCard) => ReturnType<typeof renderShareCard>,
  limits = SHARE_CARD_DRAWING,
) {
  const gate = createConcurrencyGate(limits);
  const cards = new LRUCache<string, Buffer>({ maxSize: MAX_BYTES, sizeCalculation: (png) => png.length });
  /** Cards being drawn: concurrent first requests for one card share one drawing. */
  const drawing = new Map<string, Promise<Buffer>>();

  return {
    /** The PNG of `card`, drawn now only if this process has not drawn it yet. */
    async png(card: ShareCard): Promise<{ png: Buffer; version: string }> {
      const version = cardVersion(card);
      const cached = cards.get(version);
      if (cached) return { png: cached, version };
      let pending = drawing.get(version);
      if (!pending) {
        pending = gate
          .run(() => draw(card))
          .then((png) => {
            cards.set(version, png);
            return png;
          })
          .finally(() => drawing.delete(version));
        drawing.set(version, pending);
      }
      return { png: await pending, version };
    },
  };
}
export type ShareCardCache = ReturnType<typeof createShareCardCache>;
