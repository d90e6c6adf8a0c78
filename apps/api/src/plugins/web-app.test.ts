import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerWebApp } from "./web-app";

/** A built app as `vite build` leaves it: hashed assets, with brotli copies beside the text files. */
let dist: string;
let app: FastifyInstance;

function write(file: string, text: string, compressed = true) {
  const full = path.join(dist, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  if (compressed) writeFileSync(`${full}.br`, brotliCompressSync(text));
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "tavolo-web-dist-"));
  write("index.html", `<!doctype html><script type="module" src="/assets/index-abc123.js"></script>`);
  write("assets/index-abc123.js", `console.log("tavolo");`.repeat(50));
  write("icons/icon-192.png", "png", false);
  app = Fastify();
  await registerWebApp(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("serving the built web app", () => {
  it("caches hashed assets for a year and sends the brotli copy to browsers that accept it", async () => {
    const response = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "br, gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.rawPayload.length).toBeLessThan(`console.log("tavolo");`.length * 50);
  });

  it("sends the uncompressed file to a client that asks for no encoding", async () => {
    const response = await app.inject({ url: "/assets/index-abc123.js" });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toContain(`console.log("tavolo");`);
  });

  it("always revalidates index.html, at / and on deep links, so a deploy is seen at once", async () => {
    for (const url of ["/", "/search?location=milano", "/restaurants/42"]) {
      const response = await app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
    }
  });

  it("announces the home hero picture with the home page only (its largest element)", async () => {
    const home = await app.inject({ url: "/" });
    expect(home.headers.link).toBe("</images/hero.svg>; rel=preload; as=image; fetchpriority=high");
    expect((await app.inject({ url: "/search?location=milano" })).headers.link).toBeUndefined();
  });

  it("keeps other public files an hour and answers a missing asset with 404, not the app", async () => {
    expect((await app.inject({ url: "/icons/icon-192.png" })).headers["cache-control"]).toBe("public, max-age=3600");
    expect((await app.inject({ url: "/assets/missing-000.js" })).statusCode).toBe(404);
  });

  it("answers an unknown page with 404 and the app (its 'not found' page), never a soft 200", async () => {
    for (const url of ["/nowhere", "/restaurants/42/menu", "/search/milano"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.body, url).toContain("index-abc123.js");
    }
    for (const url of ["/login", "/verify-result/success", "/hold/confirm?token=x", "/lastminute/7"]) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
  });
});
