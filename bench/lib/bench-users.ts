import type pg from "pg";

/** A diner the benchmark books as, signed in through the API like the web app does. */
export interface BenchUser {
  id: string;
  email: string;
  token: string;
}

const PASSWORD = "Bench#2025tavolo";
const emailOf = (index: number) => `bench-user-${index}@bench.tavolo.test`;

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** Registers the accounts on the first run and signs them in on every run. */
export async function signInBenchUsers(baseUrl: string, count: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let index = 0; index < count; index++) {
    const email = emailOf(index);
    const registered = await postJson(`${baseUrl}/api/client/register`, {
      email,
      password: PASSWORD,
      firstName: "Bench",
      lastName: `User ${index}`,
      termsAccepted: true,
      language: "it",
    });
    if (registered.status !== 201 && registered.status !== 409) {
      throw new Error(`register ${email}: ${registered.status} ${await registered.text()}`);
    }
    const login = await postJson(`${baseUrl}/api/client/login`, { email, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login ${email}: ${login.status} ${await login.text()}`);
    const session = (await login.json()) as { token: string; user: { id: string } };
    users.push({ id: session.user.id, email, token: session.token });
  }
  return users;
}

/**
 * Forgets what earlier runs booked and mailed for the bench users, so every run starts from the
 * same free tables (the bench database is kept between runs).
 */
export async function clearBenchBookings(pool: pg.Pool): Promise<void> {
  const bench = `SELECT id FROM users WHERE email LIKE 'bench-user-%@bench.tavolo.test'`;
  // Offer seats go back first, so the offers keep adding up (and stay bookable run after run).
  await pool.query(
    `UPDATE offers o SET available_seats = o.available_seats + b.seats
       FROM (SELECT offer_id, sum(party_size)::int AS seats FROM reservations
              WHERE user_id IN (${bench}) AND offer_id IS NOT NULL AND status IN ('pending', 'confirmed')
              GROUP BY offer_id) b
      WHERE o.id = b.offer_id`,
  );
  await pool.query(`DELETE FROM reservations WHERE user_id IN (${bench})`);
  await pool.query(`DELETE FROM idempotency_keys WHERE user_id IN (${bench})`);
  await pool.query(`DELETE FROM mail_outbox WHERE to_address LIKE 'bench-user-%@bench.tavolo.test'`);
}
