import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderRoutes } from "../../../../test/render";
import { apiError, mockFetch } from "../../../../test/mock-api";
import { FreeTimeChips } from "./free-time-chips";

const ID = "11111111-1111-4111-8111-111111111111";
const restaurant = { id: ID, name: "Osteria del Ponte" };

/** Whether the page's own handlers kept the browser from following each click (jsdom does not navigate). */
const followedByBrowser: boolean[] = [];
const recordDefault = (event: Event) => {
  followedByBrowser.push(!event.defaultPrevented);
  event.preventDefault();
};
// Added per test and removed after it: the web files share one document (decision 052).
beforeEach(() => document.addEventListener("click", recordDefault));
afterEach(() => {
  document.removeEventListener("click", recordDefault);
  followedByBrowser.length = 0;
});

function renderChips() {
  // Every question to the server fails: the chips must not need an answer to work.
  const fetch = mockFetch(() => apiError({ success: false, error: "?", code: "not_found" }, 404));
  const view = renderRoutes(
    [
      {
        path: "/restaurants/:id",
        element: (
          <FreeTimeChips
            restaurant={restaurant}
            seating={{ date: "2026-12-01", people: 2 }}
            times={["20:00", "21:15"]}
            aria-label="Orari liberi per 2 persone"
          />
        ),
      },
      { path: "/reservation/:restaurantId", element: <p>booking form</p> },
    ],
    { at: `/restaurants/${ID}` },
  );
  const list = screen.getByRole("list", { name: "Orari liberi per 2 persone" });
  const chip = (time: string) => within(list).getByRole("link", { name: new RegExp(`^${time}`) });
  return { ...view, fetch, chip };
}

/** The seatings whose tables were asked for, as "date time people". */
const seatingsAsked = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === `/api/client/getAvailableTables/${ID}` && url.searchParams.has("time"))
    .map((url) => ["date", "time", "people"].map((name) => url.searchParams.get(name)).join(" "));

describe("FreeTimeChips", () => {
  it("names each chip with its time and the restaurant, and links it to the form filled in", () => {
    const { chip } = renderChips();
    expect(chip("21:15")).toHaveTextContent("21:15 da Osteria del Ponte, per 2 persone");
    expect(chip("21:15")).toHaveAttribute("href", `/reservation/${ID}?date=2026-12-01&time=21%3A15&people=2`);
    expect(chip("20:00")).toHaveAttribute("href", `/reservation/${ID}?date=2026-12-01&time=20%3A00&people=2`);
  });

  it("follows a plain tap in the app; a click with a modifier key or another button is the browser's", async () => {
    const { chip, router } = renderChips();
    fireEvent.click(chip("21:15"), { ctrlKey: true });
    fireEvent.click(chip("21:15"), { metaKey: true });
    fireEvent.click(chip("21:15"), { button: 1 });
    expect(followedByBrowser).toEqual([true, true, true]);
    expect(router.state.location.pathname).toBe(`/restaurants/${ID}`);

    fireEvent.click(chip("21:15"));
    expect(followedByBrowser.at(-1)).toBe(false);
    await screen.findByText("booking form");
    expect(router.state.location.pathname).toBe(`/reservation/${ID}`);
    expect(router.state.location.search).toBe("?date=2026-12-01&time=21%3A15&people=2");
  });

  it("asks for a seating's tables as a finger, a pointer or focus lands on its chip", async () => {
    const { chip, fetch } = renderChips();
    expect(seatingsAsked(fetch)).toEqual([]);
    fireEvent.pointerDown(chip("21:15"));
    await waitFor(() => expect(seatingsAsked(fetch)).toEqual(["2026-12-01 21:15 2"]));
    fireEvent.focus(chip("20:00"));
    await waitFor(() => expect(seatingsAsked(fetch)).toContain("2026-12-01 20:00 2"));
  });
});
