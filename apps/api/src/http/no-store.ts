import type { FastifyReply, FastifyRequest } from "fastify";

/** onRequest hook for routes whose answers are personal or move at once: no cache may keep them. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header("cache-control", "no-store");
}
