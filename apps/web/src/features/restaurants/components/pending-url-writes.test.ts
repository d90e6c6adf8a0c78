import { describe, expect, it } from "vitest";
import { PendingUrlWrites } from "./pending-url-writes";

const url = (query: string) => new URLSearchParams(query);

describe("PendingUrlWrites", () => {
  it("builds on the latest write while an earlier one renders, and on the URL once the latest has", () => {
    const writes = new PendingUrlWrites();
    writes.wrote(url("date=2026-11-29&time=21:15"));
    writes.wrote(url("date=2026-11-29&time=20:30"));
    // The date's navigation renders after the time was chosen: the time's write still stands.
    writes.rendered(url("date=2026-11-29&time=21:15"));
    expect(writes.latest()?.get("time")).toBe("20:30");
    writes.rendered(url("date=2026-11-29&time=20:30"));
    expect(writes.latest()).toBeNull();
  });

  it("forgets its writes when another URL renders (Back, a link)", () => {
    const writes = new PendingUrlWrites();
    writes.wrote(url("time=20:30"));
    writes.rendered(url("location=Roma"));
    expect(writes.latest()).toBeNull();
  });
});
