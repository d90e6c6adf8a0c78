import type { RegisterInput } from "@tavolo/shared/validation";

/**
 * What was typed into the register form when the diner opened the terms or the privacy policy from
 * it: kept in memory only (never storage: it holds the password), taken back once by the form when
 * it comes back, so reading what one accepts costs nothing typed.
 */
let draft: RegisterInput | null = null;

export function keepRegisterDraft(values: RegisterInput): void {
  draft = values;
}

export function takeRegisterDraft(): RegisterInput | null {
  const taken = draft;
  draft = null;
  return taken;
}
