import type fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { expect } from "vitest";
import { bearer, latestMail, linkIn, post, register, uniqueEmail } from "../../test/auth-helpers";
import { uniqueName } from "../../test/personal-data";
import {
  checkInvariants,
  exportOf,
  expectFreedTablesGoToEarliest,
  expectNo5xx,
  expectNoTraceOf,
  liveDiner,
  liveDinerAt,
  liveDiners,
  remove,
  took,
  type Model,
  type ModelDiner,
  type World,
} from "./system-model";
import { expectOnlyOwnData, expectOwnProfileAndFavorites } from "./system-profile-commands";

/** The account commands of the model (decision 037): register, change e-mail, export, delete. */
type Cmd = fc.AsyncCommand<Model, World>;

export async function registerDiner(w: World, email: string | undefined): Promise<ModelDiner | LightMyRequestResponse> {
  const firstName = uniqueName("Nome");
  const lastName = uniqueName("Cognome");
  try {
    const account = await register(w.t.app, { ...(email ? { email } : {}), firstName, lastName });
    return {
      email: account.user.email,
      firstName,
      lastName,
      headers: bearer(account.token),
      userId: account.userId,
      alive: true,
      formerEmails: [],
      formerNames: [],
      favorites: new Set(),
      pushEndpoints: [],
      holdPushes: 0,
    };
  } catch (error) {
    // The helper throws on any status but 201: surface it as the answer it was.
    const match = /register failed: (\d+) (.*)$/s.exec(String((error as Error).message));
    if (!match) throw error;
    return { statusCode: Number(match[1]), body: match[2] } as LightMyRequestResponse;
  }
}

/**
 * Changes the diner's address as a person does: asks, then follows the link mailed to the new
 * address. The 60 s between two requests are taken as passed (the model's clock). Answers the
 * request's and the link's responses.
 */
export async function changeEmail(w: World, d: ModelDiner, newEmail = uniqueEmail("model")) {
  await sql`DELETE FROM send_cooldowns WHERE key = ${`email-change:${d.userId}`}`.execute(w.t.database.db);
  const requested = await post(w.t.app, "/api/client/request-email-change", { newEmail }, d.headers);
  if (requested.statusCode !== 200) return { requested, newEmail };
  const link = linkIn(await latestMail(w.t.app, newEmail, "email-change"), w.t.config.appOrigin);
  const params = new URLSearchParams({
    token: link.searchParams.get("token") ?? "",
    email: link.searchParams.get("email") ?? "",
  });
  const followed = await w.t.app.inject({ method: "GET", url: `/api/client/verify-email-and-login?${params}` });
  return { requested, followed, newEmail };
}

/** Registers a new diner, or one on an address set free by a deletion or an address change. */
export class Register implements Cmd {
  constructor(readonly reuseFreed: boolean) {}
  check = (m: Model) => liveDiners(m).length < 4 && m.diners.length < 8 && (!this.reuseFreed || m.freed.length > 0);
  async run(m: Model, w: World) {
    took(this.reuseFreed ? "RegisterFreed" : "Register");
    const email = this.reuseFreed ? m.freed[0] : undefined;
    const result = await registerDiner(w, email);
    if ("statusCode" in result) throw new Error(`${this} refused: ${result.statusCode} ${result.body}`);
    if (email) m.freed.shift();
    m.diners.push(result);
    await checkInvariants(w, m);
  }
  toString = () => `register(${this.reuseFreed ? "a freed address" : "new"})`;
}

/** Changes a diner's address, to a new one or a freed one; the old one is free for anybody then. */
export class ChangeEmail implements Cmd {
  constructor(
    readonly pick: number,
    readonly toFreed: boolean,
  ) {}
  check = (m: Model) => liveDiners(m).length > 0 && (!this.toFreed || m.freed.length > 0);
  async run(m: Model, w: World) {
    took(this.toFreed ? "ChangeEmailToFreed" : "ChangeEmail");
    const d = liveDiner(m, this.pick);
    const { requested, followed, newEmail } = await changeEmail(w, d, this.toFreed ? m.freed[0] : undefined);
    expectNo5xx(requested, this.toString());
    expect(requested.statusCode, requested.body).toBe(200);
    expect(followed?.statusCode).toBe(302);
    expect(new URL(String(followed?.headers.location)).pathname, `${this}`).toBe("/verify-result/success");
    if (this.toFreed) m.freed.shift();
    m.freed.push(d.email);
    d.formerEmails.push(d.email);
    d.email = newEmail;
    await checkInvariants(w, m);
  }
  toString = () => `changeEmail(#${this.pick}, ${this.toFreed ? "to a freed address" : "new"})`;
}

export class Export implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => liveDiners(m).length > 0;
  async run(m: Model, w: World) {
    took("Export");
    const owner = liveDinerAt(m, this.pick);
    const res = await exportOf(w, m.diners[owner]!);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    expectOnlyOwnData(m, owner, res.body);
    expectOwnProfileAndFavorites(m, owner, res.body);
  }
  toString = () => `export(#${this.pick})`;
}

export class Delete implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => liveDiners(m).length > 0;
  async run(m: Model, w: World) {
    took("Delete");
    const index = liveDinerAt(m, this.pick);
    const d = m.diners[index]!;
    const res = await remove(w, d);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    d.alive = false;
    m.freed.push(d.email);
    m.waiting = m.waiting.filter((entry) => entry.diner !== index);
    m.offerBookings = m.offerBookings.filter((booking) => booking.diner !== index);
    // Its tables (booked or held) are free again, all at once, for the next in line.
    const freed = [...m.tables.entries()].filter(([, taken]) => taken.diner === index).map(([key]) => key);
    await expectFreedTablesGoToEarliest(w, m, freed);
    await expectNoTraceOf(w, m, d);
    await checkInvariants(w, m);
  }
  toString = () => `delete(#${this.pick})`;
}
