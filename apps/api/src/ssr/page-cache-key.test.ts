import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createConcurrencyGate } from "../http/concurrency-gate";
import { PublicReadCache } from "../http/public-read-cache";
import { registerErrorHandling } from "../plugins/errors";
import type { ServerEntry } from "@tavolo/shared/server-render";
import { createPageRenderer } from "./page-renderer";
import { appShellDist } from "../../test/web-build";

/** A server entry that counts its renders and records the URL each was asked for. */
function countingEntry(options: { delay?: Promise<void> } = {}) {
  const urls: string[] = [];
  const entry: ServerEntry = {
    createPageRenderer:
      () =>
      async ({ url, now }) => {
        urls.push(url);
        await options.delay;
        return {
          status: 200,
          html: `<h1>${urls.length}</h1>`,
          page: { kind: "home" },
          changesAt: now + 60_000,
          missingMessages: [],
        };
      },
  };
  return { entry, urls };
}

async function pagesApp(entry: ServerEntry, renders?: ReturnType<typeof createConcurrencyGate>) {
  const cache = new PublicReadCache({ name: "test", ttlSeconds: 60, maxEntries: 100, browser: "revalidate" });
  const app = Fastify();
  registerErrorHandling(app);
  const renderPage = await createPageRenderer(app, {
    distDir: appShellDist(),
    entry,
    origin: "https://tavolo.example",
    caches: { catalogue: cache, availability: cache },
    headOf: () => "<title>Tavolo</title>",
    renders,
  });
  app.get("/search", (request, reply) => renderPage!(request, reply, "search"));
  app.get("/restaurants/:id", (request, reply) => renderPage!(request, reply, "restaurant"));
  return app;
}

describe("the page cache key (decision 041)", () => {
  it("renders a page once whatever parameters it does not read, their order or its defaults", async () => {
    const { entry, urls } = countingEntry();
    const app = await pagesApp(entry);
    const spellings = [
      "/search?location=milano&time=20:30",
      "/search?time=20:30&location=milano",
      "/search?location=milano&time=20:30&utm_source=newsletter&utm_medium=mail&fbclid=abc&gclid=xyz",
      "/search?location=milano&time=20:30&x=1",
      "/search?location=%20milano%20&time=20:30&people=2&sort=relevance&category=all",
      "/search?location=milano&time=20:30&people=eleven&date=tomorrow&sort=cheapest&lang=it",
    ];
    for (const url of spellings) {
      const answer = await app.inject({ url, headers: { "accept-language": "it" } });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain("<h1>1</h1>");
    }
    // The one render was asked for the page's own spelling of its URL, not the visitor's.
    expect(urls).toEqual(["/search?location=milano&time=20%3A30"]);
    await app.close();
  });

  it("renders again for each parameter the page reads", async () => {
    const { entry, urls } = countingEntry();
    const app = await pagesApp(entry);
    for (const url of [
      "/search?location=milano",
      "/search?location=roma",
      "/search?location=milano&people=4",
      "/search?location=milano&sort=rating",
      "/search?location=milano&category=pizza",
      "/search?location=milano&date=2026-12-01",
      "/restaurants/r1",
      "/restaurants/r1?people=2",
      "/restaurants/r1?utm_campaign=x",
    ])
      await app.inject({ url, headers: { "accept-language": "it" } });
    expect(urls).toEqual([
      "/search?location=milano",
      "/search?location=roma",
      "/search?location=milano&people=4",
      "/search?location=milano&sort=rating",
      "/search?category=pizza&location=milano",
      "/search?date=2026-12-01&location=milano",
      "/restaurants/r1",
      // The restaurant page tells a party of two that was asked from none.
      "/restaurants/r1?people=2",
    ]);
    await app.close();
  });

  it("renders at most the cap at once, queues a few and answers 503 + Retry-After beyond", async () => {
    let finish!: () => void;
    const delay = new Promise<void>((resolve) => (finish = resolve));
    const { entry, urls } = countingEntry({ delay });
    const app = await pagesApp(entry, createConcurrencyGate({ active: 1, queued: 1, retryAfterSeconds: 1 }));
    const asked = ["roma", "milano", "napoli"].map((city) => app.inject(`/search?location=${city}`));
    // One renders, one waits: the first answer is the third's refusal, while both are still pending.
    const refused = await Promise.race(asked);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(refused.json()).toMatchObject({ success: false, code: "overloaded" });
    expect(urls).toHaveLength(1);
    finish();
    const answers = await Promise.all(asked);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 503]);
    expect(urls).toHaveLength(2);
    await app.close();
  });
});
