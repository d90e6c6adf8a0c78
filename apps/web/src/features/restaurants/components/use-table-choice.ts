import { useState } from "react";
import { useSearchParams } from "react-router";
import type { RestaurantDetail } from "@tavolo/shared/restaurants";
import type { ReservationQuery } from "../../../config/paths";
import { useMountInstant } from "../../../lib/clock";
import type { TableQuery } from "../api/table-search";
import { firstPick } from "./slot-pick";
import { refusedParty } from "./table-search-params";

export interface TableChoice {
  date: string;
  people: number;
  /** What the page's link asked for (a search card, a shared link): day, time and party. */
  asked: Partial<TableQuery>;
  /** The party the link asked for when no booking takes it ("14", "tanti"), else null. */
  refusedParty: string | null;
  /** The page's "now" (the server's render instant while hydrating). */
  now: Date;
  choose: (next: { date?: string; people?: number }) => void;
  /** What "Prenota un tavolo" opens: the chosen day and party, and the link's time on its own day. */
  reservation: ReservationQuery;
}

/**
 * The day and party of the restaurant page's "Quando venite?" (decision 055): they start from the
 * link, and each change is written back into the address, so the page's own link (shared, or
 * reached again with Back) asks the same. The address is replaced in place, not navigated to: a
 * navigation would run the page's loader again for every change of the picker.
 */
export function useTableChoice(
  restaurant: Pick<RestaurantDetail, "openingHours" | "timeZone">,
  asked: Partial<TableQuery>,
): TableChoice {
  const [params] = useSearchParams();
  const now = useMountInstant();
  const [choice, setChoice] = useState(() => firstPick(restaurant, asked, now));
  const [partyChanged, setPartyChanged] = useState(false);
  const refused = partyChanged ? null : refusedParty(params);

  const choose = (next: { date?: string; people?: number }) => {
    const chosen = { ...choice, ...next };
    setChoice(chosen);
    if (next.people !== undefined) setPartyChanged(true);
    writeToAddress(chosen, asked);
  };
  const time = asked.time && asked.date === choice.date ? asked.time : undefined;
  return {
    ...choice,
    asked,
    refusedParty: refused,
    now,
    choose,
    reservation: { date: choice.date, ...(time ? { time } : {}), people: choice.people },
  };
}

/** The chosen day and party into the address bar, keeping the link's time only for its own day. */
function writeToAddress(chosen: { date: string; people: number }, asked: Partial<TableQuery>) {
  if (typeof window === "undefined") return;
  const url = new URL(window.location.href);
  url.searchParams.set("date", chosen.date);
  url.searchParams.set("people", String(chosen.people));
  if (asked.time && asked.date === chosen.date) url.searchParams.set("time", asked.time);
  else url.searchParams.delete("time");
  // The router's own state stays with the entry: Back and Forward still know it.
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}
