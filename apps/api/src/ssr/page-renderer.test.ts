import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { PublicReadCache } from "../http/public-read-cache";
import type { ServerEntry } from "@tavolo/shared/server-render";
import { createPageRenderer } from "./page-renderer";
import { appShellDist } from "../../test/web-build";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createPageRenderer", () => {
  it("fails the start with one line naming the server entry that cannot be loaded, and why", async () => {
    const dist = appShellDist();
    mkdirSync(`${dist}-ssr`);
    // What an app copied away from its node_modules looked like before the entry was self-contained.
    writeFileSync(path.join(`${dist}-ssr`, "entry-server.js"), 'import "i18next-not-installed-here";\n');
    const cache = new PublicReadCache({ name: "test", ttlSeconds: 0, maxEntries: 1 });
    const app = Fastify();

    await expect(
      createPageRenderer(app, {
        distDir: dist,
        origin: "https://tavolo.example",
        caches: { catalogue: cache, availability: cache },
        headOf: () => "",
      }),
    ).rejects.toThrow(/^server entry .*dist-ssr\/entry-server\.js could not be loaded .*i18next-not-installed-here/);
    await app.close();
  });

  it("keeps a page until its content changes with the clock, within the cache's lifetime (decision 030)", async () => {
    let renders = 0;
    // A second, not a few milliseconds: two renders of a loaded machine fit inside it.
    let changesInMs = 1_000;
    const entry: ServerEntry = {
      createPageRenderer:
        () =>
        async ({ now }) => {
          renders += 1;
          return {
            status: 200,
            html: `<h1>${renders}</h1>`,
            page: { kind: "home" },
            changesAt: now + changesInMs,
            missingMessages: [],
          };
        },
    };
    const cache = new PublicReadCache({ name: "test", ttlSeconds: 60, maxEntries: 10, browser: "revalidate" });
    const app = Fastify();
    const renderPage = await createPageRenderer(app, {
      distDir: appShellDist(),
      entry,
      origin: "https://tavolo.example",
      caches: { catalogue: cache, availability: cache },
      headOf: () => "<title>Tavolo</title>",
    });
    app.get("/", (request, reply) => renderPage!(request, reply, "home"));
    const h1 = async () => /<h1>(\d+)<\/h1>/.exec((await app.inject("/")).body)?.[1];

    expect(await h1()).toBe("1");
    expect(await h1()).toBe("1");
    // A page that changes the very instant it is rendered is not kept at all.
    changesInMs = 0;
    await sleep(1_100);
    // Its content changed a second after the render: rendered again, though the cache keeps pages 60 s.
    expect(await h1()).toBe("2");
    expect(await h1()).toBe("3");
    // Cleared (a write, here or in another process): rendered again at once.
    changesInMs = 60_000;
    expect(await h1()).toBe("4");
    expect(await h1()).toBe("4");
    cache.clear();
    expect(await h1()).toBe("5");
    await app.close();
  });
});
