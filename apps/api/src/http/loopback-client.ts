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

/** Every address a proxy says the request passed through: X-Forwarded-For and RFC 7239 Forwarded. */
function forwardedAddresses(request: FastifyRequest): string[] {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(",") : (value ?? "");
  };
  const xff = header("x-forwarded-for")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const forwarded = [...header("forwarded").matchAll(/for=("?)\[?([^\]";,]+)/gi)].map((match) => match[2]!.trim());
  return [...xff, ...forwarded];
}

/**
 * A request that never left this machine: the TCP peer is a loopback address AND every address a
 * proxy put in X-Forwarded-For / Forwarded is one too, whatever TRUST_PROXY says (decision 017). A
 * local proxy relaying a remote client therefore does not count, and a client cannot make itself
 * look local with a header: headers can only make it look less local. Anything unparsable is remote.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && forwardedAddresses(request).every(isLoopbackAddress);
}
