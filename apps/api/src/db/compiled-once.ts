import { CompiledQuery, type Compilable, type Kysely, type Transaction } from "kysely";
import type { DB } from "./schema";

type Db = Kysely<DB> | Transaction<DB>;

const SLOT = Symbol("parameter slot");
type Slot = { readonly [SLOT]: string };
const isSlot = (value: unknown): value is Slot => typeof value === "object" && value !== null && SLOT in value;

/**
 * A statement of one shape whose parameters alone change between calls, built and compiled by
 * Kysely once per process instead of on every call: the restaurant's statement took 90 µs to build
 * and compile, a tenth of a cold read's CPU (decision 068). `build` marks each parameter with
 * `param("name")`, where it would put the value; constants it writes stay as compiled. The text is
 * the same on every call, so PostgreSQL plans it once per connection too (prepared-statements.ts).
 */
export function compiledOnce<P extends object, R>(
  build: (db: Db, param: <K extends keyof P & string>(name: K) => P[K]) => Compilable<R>,
): (db: Db, values: P) => Promise<R[]> {
  let template: CompiledQuery<R> | undefined;
  return async (db, values) => {
    template ??= build(db, (name) => ({ [SLOT]: name }) as never).compile();
    const parameters = template.parameters.map((value) => (isSlot(value) ? values[value[SLOT] as keyof P] : value));
    const { rows } = await db.executeQuery(CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>);
    return rows;
  };
}

/**
 * The same for a statement with a few shapes (a filter present or not): each shape, named by
 * `shape`, is built and compiled the first time it is asked for.
 */
export function compiledOncePerShape<S extends string, P extends object, R>(
  build: (db: Db, param: <K extends keyof P & string>(name: K) => P[K], shape: S) => Compilable<R>,
): (db: Db, shape: S, values: P) => Promise<R[]> {
  const shapes = new Map<S, (db: Db, values: P) => Promise<R[]>>();
  return (db, shape, values) => {
    let statement = shapes.get(shape);
    if (!statement) {
      statement = compiledOnce<P, R>((first, param) => build(first, param, shape));
      shapes.set(shape, statement);
    }
    return statement(db, values);
  };
}
