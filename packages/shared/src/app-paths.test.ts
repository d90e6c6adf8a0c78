import { describe, expect, it } from "vitest";
import { CRAWLABLE_ROUTES, paths, RENDERED_PAGES, renderedPageOf, sameOriginPath } from "./app-paths";

describe("return targets of sign-in links (decision 038)", () => {
  it("keeps a path on this site, with its query", () => {
    expect(sameOriginPath("/reservation/r1?date=2026-05-01&time=20:00&people=2")).toBe(
      "/reservation/r1?date=2026-05-01&time=20:00&people=2",
    );
    expect(paths.login({ next: "/lastminute/o1" })).toBe("/login?next=%2Flastminute%2Fo1");
    expect(paths.register({ next: "/restaurants/r1" })).toBe("/register?next=%2Frestaurants%2Fr1");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "/ok\\..\\x",
    "javascript:alert(1)",
    "/a\nb",
    "",
    "relative/path",
    "/" + "a".repeat(2048),
  ])("drops %j", (value) => {
    expect(sameOriginPath(value)).toBeUndefined();
    expect(paths.login({ next: value })).toBe("/login");
  });

  it("carries next through verification", () => {
    expect(paths.emailVerification({ email: "a@b.it", next: "/x" })).toBe(
      "/email-verification?email=a%40b.it&next=%2Fx",
    );
    expect(paths.verifyEmail({ next: "//x" })).toBe("/verify-email");
  });
});

describe("the server-rendered pages (decisions 027, 049)", () => {
  it.each([
    ["/", "home"],
    ["/search", "search"],
    ["/restaurants/0b7c", "restaurant"],
    ["/lastminute/0b7c", "offer"],
  ])("renders %s as the %s page", (pathname, page) => {
    expect(renderedPageOf(pathname)).toBe(page);
  });

  it.each(["/history", "/restaurants", "/restaurants/0b7c/", "/restaurants/a/b", "/search/", "/lastminute/"])(
    "leaves %s to the browser app",
    (pathname) => {
      expect(renderedPageOf(pathname)).toBeNull();
    },
  );

  it("lets search engines list every rendered page", () => {
    for (const page of RENDERED_PAGES) expect(CRAWLABLE_ROUTES).toContain(page);
  });
});
