import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useFixture, useTestApp } from "../../test/test-app";
import { createBookingFixture, diner, makeReservation, romeDate, tableRequest } from "../../test/reservation-helpers";

const TOKEN = "metrics-token-0123456789abcdef";
const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });
const f = useFixture(() => createBookingFixture(t));
const mario = useFixture(() => diner(t));

const scrape = async () => {
  const res = await t.app.inject({ method: "GET", url: "/metrics" });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of one series, e.g. `tavolo_bookings_total{kind="table",outcome="booked"}`; 0 when absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe("GET /metrics (decision 043)", () => {
  it("times requests by route template, method and status class, never by the raw id", async () => {
    await t.app.inject({ method: "GET", url: `/api/client/getRestaurantById/${f.allDay.id}` });
    await t.app.inject({ method: "GET", url: "/api/client/getRestaurantById/00000000-0000-4000-8000-000000000000" });
    await t.app.inject({ method: "GET", url: "/no/such/page/12345" });
    const text = await scrape();
    expect(text).toContain('route="/api/client/getRestaurantById/:id",method="GET",status_class="2xx"');
    expect(text).toContain('route="/api/client/getRestaurantById/:id",method="GET",status_class="4xx"');
    expect(text).toContain('route="unmatched",method="GET",status_class="4xx"');
    expect(text).not.toContain(f.allDay.id);
    expect(text).not.toContain("12345");
  });

  it("shows the process, the event loop, the database pool and the deployment's queues", async () => {
    const text = await scrape();
    for (const name of [
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_p99_seconds",
      'tavolo_db_pool_connections{state="in_use"}',
      'tavolo_db_pool_connections{state="waiting"}',
      "tavolo_waitlist_waiting",
      'tavolo_mail_outbox{state="pending"}',
      'tavolo_mail_outbox{state="failed"}',
      "tavolo_hold_expiry_lag_seconds",
      "# TYPE tavolo_push_sends_total counter",
      "# TYPE tavolo_holds_total counter",
    ]) {
      expect(text, name).toContain(name);
    }
  });

  it("counts bookings by kind and outcome", async () => {
    const before = await scrape();
    const request = tableRequest(f.allDay, 1, romeDate(2), "12:00");
    expect((await makeReservation(t, mario, request)).statusCode).toBe(201);
    expect((await makeReservation(t, mario, request)).statusCode).toBe(409);
    const after = await scrape();
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('tavolo_bookings_total{kind="table",outcome="booked"}')).toBe(1);
    expect(delta('tavolo_bookings_total{kind="table",outcome="conflict"}')).toBe(1);
  });

  it("counts public cache hits and misses by cache", async () => {
    const before = await scrape();
    await t.app.inject({ method: "GET", url: "/api/client/getAllAvailableCities" });
    await t.app.inject({ method: "GET", url: "/api/client/getAllAvailableCities" });
    const after = await scrape();
    const delta = (series: string) => valueOf(after, series) - valueOf(before, series);
    expect(delta('tavolo_cache_lookups_total{cache="catalogue",result="miss"}')).toBe(1);
    expect(delta('tavolo_cache_lookups_total{cache="catalogue",result="hit"}')).toBe(1);
  });

  it("answers another machine 404 unless it presents METRICS_TOKEN", async () => {
    const remote = { method: "GET" as const, url: "/metrics", remoteAddress: "203.0.113.7" };
    expect((await t.app.inject(remote)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ ...remote, headers: { authorization: "Bearer wrong-token-0000000000" } })).statusCode,
    ).toBe(404);
    const granted = await t.app.inject({ ...remote, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(granted.statusCode).toBe(200);
    expect(granted.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    // A local proxy relaying some client is not a loopback client (the dev mailbox's rule).
    const relayed = await t.app.inject({ method: "GET", url: "/metrics", headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(relayed.statusCode).toBe(404);
  });

  it("serves every series the shipped dashboard and alert rules read", async () => {
    const text = await scrape();
    const docs = ["grafana-dashboard.json", "prometheus-alerts.yml"].map((name) =>
      readFileSync(new URL(`../../../../docs/operations/${name}`, import.meta.url), "utf8"),
    );
    const read = new Set(docs.join("\n").match(/\b(?:tavolo|http|nodejs|process)_[a-z0-9_]+/g));
    expect(read.size).toBeGreaterThan(8);
    for (const name of read) expect(text, name).toMatch(new RegExp(`^(# TYPE )?${name}[{ ]`, "m"));
  });
});
