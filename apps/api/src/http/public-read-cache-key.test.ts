import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PublicReadCache } from "./public-read-cache";

/** A cached read whose schema knows `location` and `page` (default 1), counting its database trips. */
async function cachedRead() {
  const cache = new PublicReadCache({ name: "test", ttlSeconds: 60, maxEntries: 100 });
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const answer = z.object({ location: z.string(), page: z.number() });
  let produced = 0;
  app.get(
    "/api/search/:kind",
    {
      schema: {
        params: z.object({ kind: z.string() }),
        querystring: z.object({ location: z.string(), page: z.coerce.number().int().default(1) }),
      },
    },
    (request, reply) =>
      cache.respond(request, reply, "it", answer, async () => {
        produced += 1;
        return { location: request.query.location, page: request.query.page };
      }),
  );
  return { app, produced: () => produced };
}

describe("the public read cache's key (decision 041)", () => {
  it("answers every spelling of one request from one entry: unknown parameters, order, defaults", async () => {
    const { app, produced } = await cachedRead();
    for (const url of [
      "/api/search/city?location=milano",
      "/api/search/city?location=milano&page=1",
      "/api/search/city?page=1&location=milano",
      "/api/search/city?location=milano&utm_source=newsletter&fbclid=abc&gclid=xyz&x=1",
    ]) {
      const answer = await app.inject(url);
      expect(answer.json(), url).toEqual({ location: "milano", page: 1 });
    }
    expect(produced()).toBe(1);
    // What the schema reads still tells answers apart.
    await app.inject("/api/search/city?location=milano&page=2");
    await app.inject("/api/search/city?location=roma");
    await app.inject("/api/search/gps?location=milano");
    expect(produced()).toBe(4);
    await app.close();
  });
});
