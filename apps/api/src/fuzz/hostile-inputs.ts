import fc from "fast-check";

/**
 * The inputs an attacker or a broken client sends, as fast-check arbitraries. Each is a building
 * block of fuzz-requests.ts; the known-bad constants make sure every run meets the classics even
 * when the random part is small.
 */

export const SQL_PAYLOADS = ["' OR 1=1 --", "'; DROP TABLE users; --", '" OR ""="', "1; SELECT pg_sleep(10)"];
export const HTML_PAYLOADS = ["<script>alert(1)</script>", "<b>x</b>", '"><img src=x onerror=alert(1)>'];

const BOUNDARY_STRINGS = [
  "",
  " ",
  "0",
  "-1",
  "1e308",
  "NaN",
  "Infinity",
  "null",
  "true",
  "a\u0000b",
  "\u0000",
  "\ud800",
  "مطعم على الطريق",
  "\u202Eevil\u202C",
  "😀👩‍👩‍👧‍👦🇮🇹",
  "%E0%A4%A",
  "../../etc/passwd",
  "2026-02-30",
  "25:61",
  "00000000-0000-0000-0000-000000000000",
  ...SQL_PAYLOADS,
  ...HTML_PAYLOADS,
];

/** Very long text: up to ~100 KB, in one of a few alphabets (ASCII, accented, astral). */
const longString = fc
  .tuple(fc.integer({ min: 256, max: 100_000 }), fc.constantFrom("x", "è", "😀", "'", "<"))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BOUNDARY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: longString },
);

/** Characters that break storage or rendering when slipped into an otherwise valid value. */
const FRAGMENTS = [
  "\u0000",
  "\ud800",
  "\udfff",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "\u202E",
  "😀",
  "%00",
  "\r\n",
];
const fragment = fc.constantFrom(...FRAGMENTS);

/** A valid value with something hostile slipped in: the other rules still pass, so it reaches the database. */
const spiked = (value: string) =>
  fc.tuple(fragment, fc.nat(value.length)).map(([bad, at]) => value.slice(0, at) + bad + value.slice(at));

/** Any JSON value of the wrong kind for a field: numbers at the edges, containers, operators. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, true, false, null, [], {}, [1, 2]),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({ $ne: 1 }, { __proto__: { admin: true } }, ["' OR 1=1 --"]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A field name a schema does not know, including the ones prototype pollution aims at. */
const extraKey = fc.oneof(fc.constantFrom("__proto__", "constructor", "isAdmin", "role", "id"), fc.string());

export type Json = Record<string, unknown>;

/**
 * A near miss of a valid object: one field removed, a field of the wrong kind, an unknown field
 * added, or something that is not an object at all.
 */
export function mutatedObject(example: Json): fc.Arbitrary<unknown> {
  const keys = Object.keys(example);
  const options: fc.Arbitrary<unknown>[] = [
    fc.jsonValue({ maxDepth: 3 }),
    fc.tuple(extraKey, hostileValue).map(([key, value]) => withField(example, key, value)),
  ];
  const textKeys = keys.filter((name) => typeof example[name] === "string");
  if (textKeys.length > 0) {
    // Twice: the one mutation that passes the schemas and reaches the database.
    const key = fc.constantFrom(...textKeys);
    const spike = key.chain((name) => spiked(example[name] as string).map((value) => withField(example, name, value)));
    options.push(spike, spike);
  }
  if (keys.length > 0) {
    const key = fc.constantFrom(...keys);
    options.push(key.map((name) => withoutField(example, name)));
    options.push(fc.tuple(key, hostileValue).map(([name, value]) => withField(example, name, value)));
    options.push(fc.tuple(key, hostileValue).map(([name, value]) => withField(example, name, value)));
  }
  return fc.oneof(...options);
}

/** defineProperty, so that "__proto__" becomes a real own key as in a parsed JSON body. */
function withField(example: Json, key: string, value: unknown): Json {
  const copy = { ...example };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

function withoutField(example: Json, key: string): Json {
  const copy = { ...example };
  delete copy[key];
  return copy;
}

const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;

/** %-encoding that keeps a lone surrogate as the bytes of one (invalid UTF-8) instead of throwing. */
function encodeQueryText(text: string): string {
  return text
    .split(LONE_SURROGATE)
    .map((part, index) => (index % 2 === 1 ? "%ED%A0%80" : encodeURIComponent(part)))
    .join("");
}

/** Raw query-string fragments a URL parser has to survive. */
const QUERY_TRICKS = ["a[b]=c", "%E0%A4%A=1", "x=%E0%A4%A", "=", "&&&", "%00=%00", "__proto__[x]=1", "a=1&a=2"];

/** A raw query string from an example: values replaced, keys repeated or bracketed, bad escapes. */
export function mutatedQuery(example: Record<string, string>): fc.Arbitrary<string> {
  const keys = Object.keys(example);
  const pairs = (query: Record<string, string>) =>
    Object.entries(query).map(([key, value]) => `${encodeQueryText(key)}=${encodeQueryText(value)}`);
  const base = pairs(example);
  const options: fc.Arbitrary<string>[] = [
    fc.constantFrom(...QUERY_TRICKS).map((trick) => [...base, trick].join("&")),
    fc
      .dictionary(fc.string({ maxLength: 10 }), hostileString, { maxKeys: 3 })
      .map((extra) => [...base, ...pairs(extra)].join("&")),
  ];
  if (keys.length > 0) {
    const key = fc.constantFrom(...keys);
    options.push(fc.tuple(key, hostileString).map(([name, value]) => pairs({ ...example, [name]: value }).join("&")));
    options.push(
      key.chain((name) => spiked(example[name]!).map((value) => pairs({ ...example, [name]: value }).join("&"))),
    );
    options.push(key.map((name) => pairs(withoutField(example, name) as Record<string, string>).join("&")));
    // The same key twice (an array to the parser) and the bracket forms some parsers turn into objects.
    options.push(key.map((name) => [...base, `${name}=${encodeQueryText(example[name]!)}`].join("&")));
    options.push(key.map((name) => [...base.filter((pair) => !pair.startsWith(`${name}=`)), `${name}[]=1`].join("&")));
    options.push(key.map((name) => [...base.filter((pair) => !pair.startsWith(`${name}=`)), `${name}[a]=1`].join("&")));
  }
  return fc.oneof(...options);
}

/** Raw (already encoded) path segments: not ids, too long, encoded slashes, NUL, bad escapes. */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "not-a-uuid",
    "0",
    "-1",
    "%2F",
    "..%2F..%2Fetc%2Fpasswd",
    "%00",
    "%E0%A4%A",
    "%27%20OR%201%3D1%20--",
    "%3Cscript%3E",
    "00000000-0000-0000-0000-000000000000",
    "x".repeat(199),
    "x".repeat(5000),
  ),
  hostileString.filter((text) => text.length > 0 && text.length < 500).map(encodeQueryText),
);

/** Bodies that never reach a schema: broken JSON, invalid UTF-8, the wrong media type. */
export interface RawBody {
  label: string;
  payload: string | Buffer;
  contentType?: string;
}

export const RAW_BODIES: RawBody[] = [
  { label: "truncated JSON", payload: '{"email":', contentType: "application/json" },
  { label: "trailing garbage", payload: '{"a":1}}', contentType: "application/json" },
  { label: "single quotes", payload: "{'a':1}", contentType: "application/json" },
  { label: "bare word", payload: "nul", contentType: "application/json" },
  { label: "empty JSON body", payload: "", contentType: "application/json" },
  {
    label: "invalid UTF-8 in a string",
    payload: Buffer.concat([Buffer.from('{"email":"a'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('@x.it"}')]),
    contentType: "application/json",
  },
  {
    label: "overlong UTF-8",
    payload: Buffer.from([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]),
    contentType: "application/json",
  },
  { label: "form body", payload: "email=a%40b.it&password=x", contentType: "application/x-www-form-urlencoded" },
  { label: "plain text", payload: '{"a":1}', contentType: "text/plain" },
  { label: "XML", payload: "<a>1</a>", contentType: "application/xml" },
  { label: "multipart", payload: "--x\r\n\r\n--x--", contentType: "multipart/form-data; boundary=x" },
];

/** A syntactically valid JSON body just over the 1 MiB limit. */
export const oversizedBody = (): string => JSON.stringify({ padding: "x".repeat(1024 * 1024) });
