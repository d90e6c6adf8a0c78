import { expect, type APIRequestContext } from "@playwright/test";

/** The seed's restaurants live in Rome's zone; "tonight" is Rome's tonight whatever the machine's clock. */
const romeDate = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(at);
const addDays = (date: string, days: number) => {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

export interface Bookable {
  id: string;
  name: string;
  date: string;
  time: string;
}

/**
 * A restaurant with a free table for two tonight, read from the API rather than assumed: the seed's
 * opening hours vary and the clock moves. When tonight is over everywhere, the next day that has one.
 */
export async function findBookable(request: APIRequestContext, city: string): Promise<Bookable> {
  const search = await request.get(`/api/client/searchRestaurantsByLocation?location=${city}`);
  expect(search.status()).toBe(200);
  const { restaurants } = (await search.json()) as { restaurants: { id: string; name: string }[] };
  const today = romeDate(new Date());
  for (let offset = 0; offset < 3; offset += 1) {
    const date = addDays(today, offset);
    for (const restaurant of restaurants.slice(0, 12)) {
      const response = await request.get(`/api/client/getAvailableTables/${restaurant.id}?date=${date}&people=2`);
      if (response.status() !== 200) continue;
      const { slots } = (await response.json()) as { slots: string[] };
      // An evening seating if there is one ("tonight"), else the day's last; never the very next
      // quarter hour, which could pass while the test is typing.
      const later = slots.slice(offset === 0 ? 2 : 0);
      const time = later.find((slot) => slot >= "19:00") ?? later.at(-1);
      if (time) return { id: restaurant.id, name: restaurant.name, date, time };
    }
  }
  throw new Error(`no restaurant in ${city} has a free table for two in the next three days`);
}
