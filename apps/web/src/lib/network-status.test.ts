import { beforeEach, describe, expect, it, vi } from "vitest";
import { eventually } from "../../test/eventually";
import { loadWhenOnline } from "./network-status";

/** Offline, a page's code and data wait for the network instead of failing (decision 039). */
let online = true;
// Before each test: test/setup.ts restores every spy after each one, so a spy made once at the top of
// the file would leave every test after the first reading the real, always-online navigator.
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
});

describe("loadWhenOnline", () => {
  it("does not run what needs the network while offline, and runs it once the network is back", async () => {
    online = false;
    const load = vi.fn(async () => "page data");
    const loaded = loadWhenOnline(load, { needsNetwork: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();

    online = true;
    window.dispatchEvent(new Event("online"));
    await expect(loaded).resolves.toBe("page data");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("runs at once what fetches for itself, and retries it while the network fails", async () => {
    online = false;
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce("page code");
    const loaded = loadWhenOnline(load);
    await eventually(() => expect(load).toHaveBeenCalledTimes(1));

    online = true;
    window.dispatchEvent(new Event("online"));
    await expect(loaded).resolves.toBe("page code");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("lets a failure that is not the network's through at once", async () => {
    const load = vi.fn(async () => {
      throw new Error("not found");
    });
    await expect(loadWhenOnline(load, { needsNetwork: true })).rejects.toThrow("not found");
    expect(load).toHaveBeenCalledTimes(1);
  });
});
