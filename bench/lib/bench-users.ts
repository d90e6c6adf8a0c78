import pg from "pg";

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
export async function clearBenchBookings(databaseUrl: string, users: readonly BenchUser[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = users.map((user) => user.id);
    await client.query("DELETE FROM reservations WHERE user_id = ANY($1::uuid[])", [ids]);
    await client.query("DELETE FROM idempotency_keys WHERE user_id = ANY($1::uuid[])", [ids]);
    await client.query("DELETE FROM mail_outbox WHERE to_address = ANY($1::text[])", [users.map((u) => u.email)]);
  } finally {
    await client.end();
  }
}
