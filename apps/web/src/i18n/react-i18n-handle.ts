import type { i18n as I18n } from "i18next";

/**
 * What to hand to `I18nextProvider`: an object with no own properties whose prototype is the
 * instance. react-i18next 17's `useTranslation` copies every own property descriptor of the
 * instance it is given (42 on i18next 25) into a new object for each component that calls it, so
 * that a language change gives consumers a new identity. A server render of the search page calls
 * it about 130 times, ≈ 2 ms of CPU per page (decision 030); through this handle each copy is
 * empty. i18next binds its methods to the instance in its constructor, so every call, and every
 * property read through the prototype, behaves exactly as on the instance.
 */
export function reactI18nHandle(instance: I18n): I18n {
  return Object.create(instance) as I18n;
}
