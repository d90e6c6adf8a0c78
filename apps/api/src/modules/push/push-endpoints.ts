/**
 * The push services Tavolo POSTs to (decision 045). An endpoint comes from the client, so the server
 * would fetch any URL it was handed (SSRF): only https on these hosts, on the default port, is
 * accepted, plus the operator's PUSH_EXTRA_ORIGINS (tests, a self-hosted service).
 */
const KNOWN_PUSH_HOSTS: readonly { host: string; subdomains: boolean }[] = [
  // Chrome, Edge on Android, Opera, Samsung Internet: Firebase Cloud Messaging.
  { host: "fcm.googleapis.com", subdomains: false },
  // Firefox: Mozilla autopush.
  { host: "updates.push.services.mozilla.com", subdomains: false },
  // Safari (macOS 13+, iOS 16.4+ home-screen apps).
  { host: "web.push.apple.com", subdomains: false },
  // Edge on Windows: WNS, one host per region (wns2-by3p.notify.windows.com ...).
  { host: "notify.windows.com", subdomains: true },
];

function isKnownHost(hostname: string): boolean {
  return KNOWN_PUSH_HOSTS.some(({ host, subdomains }) =>
    subdomains ? hostname.endsWith(`.${host}`) : hostname === host,
  );
}

/** True when Tavolo may POST to `endpoint`. */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  const url = URL.parse(endpoint);
  if (!url || url.protocol !== "https:" || url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  // The default port only: a known host name on another port is not the push service.
  return url.port === "" && isKnownHost(url.hostname.toLowerCase());
}
