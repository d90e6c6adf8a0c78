import pg from "pg";

/**
 * Every statement Kysely sends is parsed, analysed and planned anew by PostgreSQL unless it has a
 * name. Planning was most of PostgreSQL's work per cold read: 0.4 of its 0.7 ms for a restaurant,
 * and pgbench runs that statement 3× faster prepared (decision 068). So a statement's text gets a
 * name the first time a process sends it, and each connection parses it once and reuses its plan.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private issued = 0;

  /**
   * Bounded: the application has a few hundred statements, but a list spelled out as
   * `IN ($1, $2…)` makes one text per length. Past `max` texts the rest go unnamed, as before,
   * so no connection ever holds more plans than that.
   */
  constructor(private readonly max: number) {}

  /**
   * The name of `text`'s statement; undefined once `max` texts are named, and for a script of
   * several statements, which only the simple protocol runs (migrations). Those have no
   * parameters; a single statement without any but with a `;` in a literal is merely not named.
   */
  nameOf(text: string, parameters: number): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= this.max || (parameters === 0 && text.includes(";"))) return undefined;
    this.issued += 1;
    const name = `tavolo_${this.issued.toString(36)}`;
    this.names.set(text, name);
    return name;
  }

  /**
   * A text whose plan PostgreSQL refused gets a new name, so the next use parses it again. Its old
   * statement stays on the connections that have it until they close (one plan each).
   */
  forget(text: string): void {
    this.names.delete(text);
  }
}

/** Enough for every statement the application writes, with room for the lists' lengths. */
export const MAX_NAMED_TEXTS = 1_000;
const processNames = new StatementNames(MAX_NAMED_TEXTS);

/**
 * SQLSTATE 0A000 on a named statement: PostgreSQL refuses a plan whose result columns a
 * migration changed ("cached plan must not change result type").
 */
const FEATURE_NOT_SUPPORTED = "0A000";

/**
 * A pg client that sends Kysely's statements (a text and an array of parameters) as named prepared
 * statements. Anything else (a callback, a cursor, a query object) goes through unchanged.
 * `pg.Pool({ Client: PreparingClient })` uses it for PostgreSQL and for PGlite's connection alike.
 */
export class PreparingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's own overloads, forwarded unchanged
  override query(...args: unknown[]): any {
    const [text, values, callback] = args;
    const name =
      typeof text === "string" && Array.isArray(values) && callback === undefined
        ? processNames.nameOf(text, values.length)
        : undefined;
    if (name === undefined) return (super.query as (...rest: unknown[]) => unknown)(...args);
    const config: pg.QueryConfig = { name, text: text as string, values: values as unknown[] };
    return super.query(config).catch((error: unknown) => {
      if ((error as { code?: string }).code === FEATURE_NOT_SUPPORTED) processNames.forget(config.text);
      throw error;
    });
  }
}
