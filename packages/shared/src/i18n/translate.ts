import it from "./it.json" with { type: "json" };
import en from "./en.json" with { type: "json" };
import type { Language } from "../languages";
import { italianA } from "../place-names";

/** Messages both sides show: validation rules and API errors. The web merges them into i18next. */
export const sharedMessages = { it, en } as const;

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Server-side translation of a shared key; unknown keys come back unchanged so nothing is lost. */
export function translateShared(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = lookup(sharedMessages[language] as Tree, key) ?? lookup(sharedMessages.it as Tree, key) ?? key;
  // "{{city, a}}": the one format the shared texts use, as in the web's i18next ("ad Ancona").
  return template.replace(/\{\{(\w+)(?:,\s*(a))?\}\}/g, (_, name: string, format?: string) => {
    const value = String(params[name] ?? "");
    return format === "a" && language === "it" ? italianA(value) : value;
  });
}

export function isSharedKey(key: string): boolean {
  return lookup(sharedMessages.it as Tree, key) !== undefined;
}
