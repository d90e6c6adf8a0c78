import { BlockList, isIP } from "node:net";
import type { FastifyRequest } from "fastify";

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

const isLoopbackAddress = (address: string | undefined): boolean => {
  const family = address ? isIP(address) : 0;
  // BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against the IPv4 subnet.
  return family !== 0 && loopback.check(address!, family === 4 ? "ipv4" : "ipv6");
};

/**
 * Every header a proxy or CDN uses to name the client it relays (decision 036). Which one a given
 * proxy sets is its configuration (nginx often X-Real-IP alone, Cloudflare CF-Connecting-IP, Akamai
 * True-Client-IP), so none of them is read for an address: any of them means "relayed".
 */
export const CLIENT_ADDRESS_HEADERS = [
  "x-forwarded-for",
  "x-real-ip",
  "cf-connecting-ip",
  "true-client-ip",
  "forwarded",
] as const;

/** The request names a client of some proxy, whatever the header says (even a loopback address). */
export const isRelayed = (request: FastifyRequest): boolean =>
  CLIENT_ADDRESS_HEADERS.some((name) => request.headers[name] !== undefined);

/**
 * A request that never left this machine: the TCP peer is a loopback address AND no proxy header
 * names a client, whatever TRUST_PROXY says (decisions 017, 036). A local proxy relaying any client
 * therefore does not count, and a client cannot make itself look local with a header: headers can
 * only make it look less local. The one rule for every loopback-only page (mailbox, metrics).
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && !isRelayed(request);
}
