import type { i18n as I18n, TFunction } from "i18next";
import { boundedMemo } from "@tavolo/shared/bounded-memo";
import { reactI18nHandle } from "./react-i18n-handle";

/**
 * Texts the server renders, kept per process (decision 060). i18next's `t` walks the key's path,
 * resolves plural suffixes and runs interpolation and nesting regexes on every call: ~19 % of a
 * server render's CPU, for the same few hundred texts on every page. The messages are the build's
 * and never change while the process runs, so a text is a function of (language, namespace, key
 * prefix, key, options) and the first render's answer serves every later one.
 *
 * Only calls whose options are all strings, numbers or booleans are kept (anything else, such as
 * `returnObjects` or an object value, goes to i18next each time). Bounded: an option can be a
 * restaurant's name, so the whole memo is dropped when full, never grown without end.
 */
const texts = boundedMemo<{ text: unknown; missing: readonly string[] }>(20_000);

/** One spelling of a call's options, or null when they hold something other than a primitive. */
function optionsKey(options: unknown): string | null {
  if (options === undefined) return "";
  // `t(key, "default text")`.
  if (typeof options === "string") return `"${options}`;
  if (typeof options !== "object" || options === null) return null;
  let key = "";
  for (const [name, value] of Object.entries(options)) {
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean" && value !== undefined) return null;
    key += `\u0001${name}\u0002${type}:${String(value)}`;
  }
  return key;
}

type FixedT = TFunction & { lng?: string; ns?: unknown; keyPrefix?: unknown };

/**
 * The server render's handle for `I18nextProvider`: `reactI18nHandle`'s (no own properties), whose
 * `getFixedT` — what `useTranslation` calls — answers from the per-process texts. A key the
 * messages lack is still reported to `missingMessages` on every render that asks for it.
 */
export function serverI18nHandle(instance: I18n, missingMessages: string[]): I18n {
  // useTranslation asks for its `t` in every component that calls it: one per scope and request.
  const fixedTs = new Map<string, FixedT>();
  // react-i18next passes a fourth argument (`{ scopeNs }`) that i18next's types do not declare.
  const makeFixedT = instance.getFixedT as unknown as (...args: unknown[]) => FixedT;
  const getFixedT = (...args: unknown[]): FixedT => {
    const [lng, ns, keyPrefix, fixedOptions] = args;
    // A key prefix may be a selector function: such a `t` is made and called as i18next's own.
    const reusable = typeof keyPrefix !== "function";
    const scope = [lng ?? instance.language, ns ?? null, keyPrefix ?? "", fixedOptions ?? null]
      .map((part) => JSON.stringify(part))
      .join("\u0000");
    const made = reusable ? fixedTs.get(scope) : undefined;
    if (made) return made;
    const fixed = makeFixedT(...args);
    const memo = (key: unknown, options?: unknown, ...rest: unknown[]) => {
      const call = () => (fixed as unknown as (...a: unknown[]) => unknown)(key, options, ...rest);
      const spelled = reusable && typeof key === "string" && rest.length === 0 ? optionsKey(options) : null;
      if (spelled === null) return call();
      const id = `${scope}\u0000${key as string}\u0000${spelled}`;
      let first = false;
      const known = texts(id, () => {
        first = true;
        const before = missingMessages.length;
        const text = call();
        return { text, missing: missingMessages.slice(before) };
      });
      // A later render asking the same text reports what the first one found missing.
      if (!first) missingMessages.push(...known.missing);
      return known.text;
    };
    const t = Object.assign(memo, { lng: fixed.lng, ns: fixed.ns, keyPrefix: fixed.keyPrefix }) as unknown as FixedT;
    if (reusable) fixedTs.set(scope, t);
    return t;
  };
  // The override sits on the prototype chain, so the handle itself still has no own property.
  return reactI18nHandle(Object.create(instance, { getFixedT: { value: getFixedT } }) as I18n);
}
