import type { FastifySerializerCompiler } from "fastify/types/schema";
import { InvalidSchemaError, ResponseSerializationError } from "fastify-type-provider-zod";
import { $ZodType, safeEncode, safeParse, type $ZodError } from "zod/v4/core";

/**
 * zod 4 encodes by running each node twice (a trial without checks, then the checks and the node
 * again), so that codecs can run backwards. An answer schema that has no node working in one
 * direction only gives the same value parsed, through zod's compiled object parser: a restaurant's
 * answer in 2.7 µs against 14–18 µs encoded (decision 069). A schema that has such a node is encoded.
 */
const ONE_WAY = new Set(["transform", "pipe", "default", "prefault", "catch", "promise", "function", "custom"]);

interface NodeDef {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: unknown): NodeDef => (schema as $ZodType)._zod.def as unknown as NodeDef;

/** The schemas a node holds, whatever its kind (objects, lists, unions, wrappers, lazy ones). */
function childrenOf(def: NodeDef): unknown[] {
  const { shape, catchall, element, items, rest, options, left, right, keyType, valueType, innerType, getter } =
    def as Record<string, unknown>;
  return [
    ...(shape ? Object.values(shape as Record<string, unknown>) : []),
    ...((items as unknown[] | undefined) ?? []),
    ...((options as unknown[] | undefined) ?? []),
    ...[catchall, element, rest, left, right, keyType, valueType, innerType].filter((child) => child !== undefined),
    ...(typeof getter === "function" ? [(getter as () => unknown)()] : []),
  ];
}

/** True when parsing `schema` gives what encoding it gives, for every value. */
export function parsesAsItEncodes(schema: $ZodType): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (seen.has(node)) continue;
    seen.add(node);
    const def = defOf(node);
    if (ONE_WAY.has(def.type)) return false;
    pending.push(...childrenOf(def));
  }
  return true;
}

type Encoded = { success: true; data: unknown } | { success: false; error: $ZodError };
const encoders = new WeakMap<$ZodType, (value: unknown) => Encoded>();

/** How answers of `schema` are encoded: parsed when that is the same (see above), else encoded. Decided once per schema. */
export function answerEncoderOf(schema: $ZodType): (value: unknown) => Encoded {
  let encoder = encoders.get(schema);
  if (!encoder) {
    encoder = parsesAsItEncodes(schema)
      ? (value) => safeParse(schema, value) as Encoded
      : (value) => safeEncode(schema, value) as Encoded;
    encoders.set(schema, encoder);
  }
  return encoder;
}

/** Encodes one answer, or throws zod's error (a mapper that broke the contract). */
export function encodeAnswer<T>(schema: $ZodType<T>, value: unknown): T {
  const result = answerEncoderOf(schema)(value);
  if (!result.success) throw result.error;
  return result.data as T;
}

/** Fastify's serializer for every route's response schema, as fastify-type-provider-zod's, by `answerEncoderOf`. */
export const answerSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof $ZodType)) throw new InvalidSchemaError(JSON.stringify(schema));
  const encode = answerEncoderOf(schema);
  return (data) => {
    const result = encode(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
