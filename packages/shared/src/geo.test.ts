import { describe, expect, it } from "vitest";
import { distanceKm } from "./geo";

const milano = { lat: 45.4642, lng: 9.19 };
describe("distanceKm", () => {
  it("measures real distances between city centres", () => {
    expect(distanceKm(milano, { lat: 45.5845, lng: 9.2744 })).toBeCloseTo(14.9, 0); // Monza
    expect(distanceKm(milano, { lat: 45.6983, lng: 9.6773 })).toBeCloseTo(46.1, 0); // Bergamo
    expect(distanceKm(milano, { lat: 41.8933, lng: 12.4829 })).toBeCloseTo(478, -1); // Roma
    expect(distanceKm(milano, milano)).toBe(0);
  });
});
