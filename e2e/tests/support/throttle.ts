import type { Page } from "@playwright/test";

/**
 * Lighthouse's mobile profile (simulated slow 4G on a mid-range phone): 4× CPU slowdown, 150 ms
 * round trip, 1.6 Mbit/s down, 750 kbit/s up. Applied through the DevTools protocol, as Lighthouse
 * does, to one page. The bench's "first seconds" uses the same numbers (bench/pages/first-seconds.ts).
 */
export const MOBILE_PROFILE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBitsPerSecond: 1.6 * 1024 * 1024,
  uploadBitsPerSecond: 750 * 1024,
} as const;

export async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: MOBILE_PROFILE.latencyMs,
    downloadThroughput: MOBILE_PROFILE.downloadBitsPerSecond / 8,
    uploadThroughput: MOBILE_PROFILE.uploadBitsPerSecond / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE_PROFILE.cpuSlowdown });
}
