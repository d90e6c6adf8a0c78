import pg from "pg";

/** EXPLAIN of a query on the benchmark database, and whether it scans a table sequentially. */
export async function explain(
  databaseUrl: string,
  query: string,
  params: unknown[],
): Promise<{ plan: string; seqScans: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("ANALYZE");
    const result = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${query}`, params);
    const plan = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]!);
    return { plan, seqScans };
  } finally {
    await client.end();
  }
}
