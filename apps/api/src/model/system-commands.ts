import fc from "fast-check";
import { ChangeEmail, Delete, Export, Register } from "./system-account-commands";
import { BookOffer, BookTable, Cancel, FillSeating, Move } from "./system-booking-commands";
import { AnswerHold, Join, JoinClosed, LapseHolds, Leave } from "./system-line-commands";
import { Rename, SignOutAndIn, SubscribePush, ToggleFavorite } from "./system-profile-commands";
import { RemindAndAnswer } from "./system-reminder-commands";
import { SLOTS, TABLES, type Model, type World } from "./system-model";

/**
 * Every step the model knows (decision 037), weighted so each kind runs many times a minute. The
 * steps pick their target among what exists (a live diner, a booking, a hold, a waiting entry) by
 * index, so a draw is rarely wasted on a diner with nothing to cancel. Steps that need something to
 * act on (a booking, a hold, an entry) weigh more: fast-check skips them while there is nothing. A
 * run starts with the evening seating full (see the test) and parties mostly fit the table they
 * ask for, so a line and a freed table come within a few steps.
 */
export function systemCommands(): fc.Arbitrary<fc.AsyncCommand<Model, World>>[] {
  const pick = fc.nat({ max: 7 });
  const slot = fc.constantFrom(...SLOTS);
  const table = fc.constantFrom(...TABLES.map((entry) => entry.number));
  const capacity = (n: number) => TABLES.find((entry) => entry.number === n)!.capacity;
  /** A table and a party: mostly one the table seats, sometimes any (the refusal is a step too). */
  const tableAndParty = fc.oneof(
    { weight: 4, arbitrary: table.chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: capacity(n) }))) },
    { weight: 1, arbitrary: fc.tuple(table, fc.integer({ min: 1, max: 6 })) },
  );
  // Any party joins: the evening seating starts full, and small parties are the ones a freed
  // small table (the one most often freed) can go to.
  const lineParty = fc.integer({ min: 1, max: 6 });
  const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => Array.from({ length: weight }, () => arbitrary);
  return [
    fc.boolean().map((reuse) => new Register(reuse)),
    fc.tuple(pick, fc.boolean()).map(([p, freed]) => new ChangeEmail(p, freed)),
    pick.map((p) => new Export(p)),
    pick.map((p) => new Delete(p)),
    ...weighted(
      2,
      fc.tuple(pick, slot, tableAndParty).map(([p, s, [n, size]]) => new BookTable(p, s, n, size)),
    ),
    fc.tuple(pick, slot).map(([p, s]) => new FillSeating(p, s)),
    fc.tuple(pick, fc.integer({ min: 1, max: 4 })).map(([p, size]) => new BookOffer(p, size)),
    ...weighted(
      4,
      fc.tuple(pick, fc.boolean()).map(([p, offer]) => new Cancel(p, offer)),
    ),
    ...weighted(
      4,
      fc.tuple(pick, slot, tableAndParty).map(([p, s, [n, size]]) => new Move(p, s, n, size)),
    ),
    ...weighted(
      4,
      fc.tuple(pick, slot, lineParty).map(([p, s, size]) => new Join(p, s, size)),
    ),
    pick.map((p) => new JoinClosed(p)),
    ...weighted(
      2,
      pick.map((p) => new Leave(p)),
    ),
    ...weighted(
      5,
      fc.tuple(pick, fc.constantFrom("confirm" as const, "decline" as const)).map(([p, c]) => new AnswerHold(p, c)),
    ),
    ...weighted(3, fc.constant(new LapseHolds())),
    pick.map((p) => new Rename(p)),
    ...weighted(
      2,
      fc.tuple(pick, fc.boolean()).map(([p, dinnerOnly]) => new ToggleFavorite(p, dinnerOnly)),
    ),
    pick.map((p) => new SignOutAndIn(p)),
    pick.map((p) => new SubscribePush(p)),
    ...weighted(
      2,
      fc.tuple(pick, fc.boolean()).map(([p, release]) => new RemindAndAnswer(p, release)),
    ),
  ];
}
