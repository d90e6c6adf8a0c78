import { describe, expect, it } from "vitest";
import { reservationBookedMail, type ReservationMailData } from "./reservation-mails";

const booking: ReservationMailData = {
  reservationId: "b-1",
  name: "Giulia",
  restaurantName: "Trattoria da Renato",
  address: "Via Roma 12, 20121 Milano",
  city: "Milan",
  cityLocalName: "Milano",
  lat: 45.46,
  lng: 9.19,
  date: "2026-11-27",
  time: "20:30",
  startsAt: new Date("2026-11-27T19:30:00Z"),
  endsAt: new Date("2026-11-27T21:00:00Z"),
  timeZone: "Europe/Rome",
  people: 2,
  tableNumber: 4,
  status: "confirmed",
  specialRequests: "",
  historyLink: "https://tavolo.example/history",
  searchLink: "https://tavolo.example/search",
  sentAt: new Date("2026-11-26T10:00:00Z"),
  calendarSequence: 0,
  organizer: { email: "no-reply@tavolo.example", name: "Tavolo" },
  dinerEmail: "giulia@example.it",
};

describe("booking mails", () => {
  it("name the city once when the address already has it ('20121 Milano', not '20121 Milano, Milan')", () => {
    for (const language of ["it", "en"] as const) {
      const mail = reservationBookedMail(language, booking);
      expect(mail.text, language).toContain("Via Roma 12, 20121 Milano");
      expect(mail.text, language).not.toMatch(/20121 Milano, Mila/);
    }
    const bare = reservationBookedMail("en", { ...booking, address: "Via Roma 12" });
    expect(bare.text).toContain("Via Roma 12, Milan");
  });
});
