import { describe, expect, it } from "vitest";
import { reminderMail, type ReminderMailData } from "./reminder-mails";
import { holdOfferedMail, type HoldOfferedMailData } from "./waitlist-mails";

const reminder: ReminderMailData = {
  name: "Giulia",
  restaurantName: "Trattoria da Renato",
  address: "Via Roma 12, 20121 Milano",
  date: "2026-11-27",
  time: "20:30",
  people: 2,
  tableNumber: 4,
  attendLink: "https://tavolo.example/reminder/attend?token=a",
  releaseLink: "https://tavolo.example/reminder/release?token=r",
};
const hold: HoldOfferedMailData = {
  name: "",
  restaurantName: "Osteria <Bella> & Co",
  date: "2026-11-28",
  time: "13:00",
  people: 3,
  tableNumber: 7,
  expiresAt: "12:10",
  minutes: 10,
  confirmLink: "https://tavolo.example/hold/confirm?token=c",
  historyLink: "https://tavolo.example/history",
};

/**
 * The reminder and hold mails share one booking-link shape; these snapshots were written before that
 * shape was factored out, so any byte the refactor changed in either language fails here.
 */
describe("booking link mails", () => {
  for (const language of ["it", "en"] as const) {
    for (const tableNumber of [4, null]) {
      it(`the reminder reads the same (${language}, table ${tableNumber})`, () => {
        expect(reminderMail(language, { ...reminder, tableNumber })).toMatchSnapshot();
      });
      it(`the hold offer reads the same (${language}, table ${tableNumber})`, () => {
        expect(holdOfferedMail(language, { ...hold, tableNumber })).toMatchSnapshot();
      });
    }
  }
});
