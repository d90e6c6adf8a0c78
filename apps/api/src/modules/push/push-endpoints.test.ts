import { describe, expect, it } from "vitest";
import { isAllowedPushEndpoint } from "./push-endpoints";

describe("the push endpoints Tavolo will POST to", () => {
  it.each([
    "https://fcm.googleapis.com/fcm/send/abc:def",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
    "https://web.push.apple.com/QGuQyavXutnMH",
    "https://wns2-by3p.notify.windows.com/w/?token=BQYAAA",
  ])("accepts the known push service %s", (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, [])).toBe(true);
  });

  it.each([
    "http://fcm.googleapis.com/fcm/send/abc",
    "https://fcm.googleapis.com:8443/fcm/send/abc",
    "https://fcm.googleapis.com.evil.example/x",
    "https://evilfcm.googleapis.com/x",
    "https://notify.windows.com.evil.example/x",
    "https://user:pw@fcm.googleapis.com/fcm/send/abc",
    "https://127.0.0.1/push",
    "https://169.254.169.254/latest/meta-data",
    "https://localhost:41600/push",
    "file:///etc/passwd",
    "not a url",
  ])("refuses %s", (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint, [])).toBe(false);
  });

  it("accepts an extra origin exactly, port included, and nothing beside it", () => {
    const extra = ["https://127.0.0.1:41601"];
    expect(isAllowedPushEndpoint("https://127.0.0.1:41601/push/1", extra)).toBe(true);
    expect(isAllowedPushEndpoint("https://127.0.0.1:41602/push/1", extra)).toBe(false);
    expect(isAllowedPushEndpoint("http://127.0.0.1:41601/push/1", extra)).toBe(false);
  });
});
