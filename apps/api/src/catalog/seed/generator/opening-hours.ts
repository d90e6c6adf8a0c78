/**
 * Weekly opening hours: one service pattern per restaurant (all day, dinner only, lunch only),
 * a usual closing day, later closing at the weekend. Nothing spills past midnight.
 */
import type { RestaurantType } from "@tavolo/shared/categories";
import type { OpeningHours, OpeningSlot, Weekday } from "@tavolo/shared/opening-hours";
import { pick, weightedPick, type Rng, type Weighted } from "./prng";

type ServicePattern = "allDay" | "dinner" | "lunch";

/** Latest closing time: keeping every service inside its day avoids after-midnight arithmetic. */
const LATEST_CLOSE = "23:30";

const SERVICE_HOURS: Record<ServicePattern, readonly OpeningSlot[]> = {
  allDay: [
    { open: "12:00", close: "23:00" },
    { open: "12:30", close: "22:30" },
    { open: "11:30", close: "23:00" },
    { open: "12:00", close: "22:00" },
  ],
  dinner: [
    { open: "19:00", close: "23:30" },
    { open: "18:30", close: "23:00" },
    { open: "19:30", close: "23:30" },
    { open: "19:00", close: "23:00" },
  ],
  lunch: [
    { open: "12:00", close: "15:00" },
    { open: "12:00", close: "15:30" },
    { open: "11:30", close: "15:00" },
  ],
};

const SERVICE_BY_TYPE: Record<RestaurantType, Weighted<ServicePattern>> = {
  ristorante: [
    ["allDay", 55],
    ["dinner", 40],
    ["lunch", 5],
  ],
  trattoria: [
    ["allDay", 70],
    ["dinner", 15],
    ["lunch", 15],
  ],
  osteria: [
    ["allDay", 45],
    ["dinner", 50],
    ["lunch", 5],
  ],
  pizzeria: [
    ["allDay", 35],
    ["dinner", 65],
  ],
  "sushi bar": [
    ["allDay", 85],
    ["dinner", 15],
  ],
  braceria: [
    ["allDay", 30],
    ["dinner", 70],
  ],
  bistrot: [
    ["allDay", 60],
    ["lunch", 30],
    ["dinner", 10],
  ],
  hamburgeria: [
    ["allDay", 80],
    ["dinner", 20],
  ],
  enoteca: [
    ["allDay", 30],
    ["dinner", 70],
  ],
};

/** Restaurants traditionally rest on Monday or Tuesday; lunch-only places rest on Sunday. */
const CLOSING_DAYS: Weighted<Weekday> = [
  ["monday", 45],
  ["tuesday", 30],
  ["wednesday", 10],
  ["sunday", 15],
];

function toMinutes(time: string): number {
  const [hours = "0", minutes = "0"] = time.split(":");
  return Number(hours) * 60 + Number(minutes);
}

function fromMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

function laterClose(close: string): string {
  return fromMinutes(Math.min(toMinutes(close) + 30, toMinutes(LATEST_CLOSE)));
}

export function openingHours(rng: Rng, type: RestaurantType): OpeningHours {
  const pattern = weightedPick(rng, SERVICE_BY_TYPE[type]);
  const base = pick(rng, SERVICE_HOURS[pattern]);
  const closedDay: Weekday | null =
    pattern === "lunch" ? "sunday" : rng() < 0.75 ? weightedPick(rng, CLOSING_DAYS) : null;
  // Dinner-only places often open for Sunday lunch too, the big family meal of the week.
  const sundayLunch = pattern === "dinner" && rng() < 0.4;
  const weekendClose = pattern === "lunch" ? base.close : laterClose(base.close);

  const dayHours = (day: Weekday): OpeningSlot | null => {
    if (day === closedDay) return null;
    if (day === "friday" || day === "saturday") return { open: base.open, close: weekendClose };
    if (day === "sunday" && sundayLunch) return { open: "12:00", close: base.close };
    return { open: base.open, close: base.close };
  };

  return {
    monday: dayHours("monday"),
    tuesday: dayHours("tuesday"),
    wednesday: dayHours("wednesday"),
    thursday: dayHours("thursday"),
    friday: dayHours("friday"),
    saturday: dayHours("saturday"),
    sunday: dayHours("sunday"),
  };
}
