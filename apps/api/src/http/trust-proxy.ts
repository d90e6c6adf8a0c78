import { isIP } from "node:net";
import proxyAddr from "@fastify/proxy-addr";

/**
 * Who may say which client a request comes from (decision 036): nobody (false), the nearest `n`
 * hops (the socket's peer and the n - 1 proxies behind it), or the proxies at these addresses.
 * Fastify reads X-Forwarded-For from the right and stops at the first untrusted entry, so the
 * client address is the right-most one no trusted proxy wrote: entries a client writes itself sit
 * to the left of it and are never read.
 */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's reader of X-Forwarded-For) knows for address ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const MAX_HOPS = 10;

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split("/");
  const family = isIP(address ?? "");
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** What Fastify's reader will accept: some IPv6 spellings Node takes, it does not. */
function readable(entry: string): boolean {
  try {
    proxyAddr.compile([entry]);
    return true;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY as written by an operator: unset, `false` or `0` (no proxy), `true` (one hop: a
 * single load balancer), a hop count `1`..`10`, or a comma-separated list of proxy addresses,
 * CIDRs and the names loopback / linklocal / uniquelocal. Anything else is an error naming the forms.
 */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { error: string } {
  const text = (raw ?? "").trim();
  const lower = text.toLowerCase();
  if (lower === "" || lower === "false" || lower === "0") return { value: false };
  if (lower === "true") return { value: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_HOPS) return { value: hops };
    return { error: `a hop count is at most ${MAX_HOPS} (got ${text.slice(0, 20)})` };
  }
  const entries = text.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrCidr(entry) || !readable(entry));
  if (bad === undefined) return { value: entries };
  return {
    error: `expected true, false, a hop count (1 for one load balancer) or proxy addresses/CIDRs separated by commas; "${bad.slice(0, 60)}" is none of these`,
  };
}

/**
 * The value for Fastify's `trustProxy`. A hop count becomes a function trusting the nearest n
 * addresses: Fastify's own numeric form trusts none (it cannot check the peer), but an operator who
 * writes `1` says every request reaches Tavolo through that one load balancer.
 */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== "number") return value;
  if (value === 0) return false;
  return (_address, hop) => hop < value;
}
