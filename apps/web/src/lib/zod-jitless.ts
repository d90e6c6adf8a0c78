/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and probes for it on the
 * first parse. Our Content-Security-Policy (script-src 'self', no 'unsafe-eval') blocks it, and even
 * the caught probe is reported as a CSP violation (Lighthouse best practices: "issues logged").
 * zod reads this global when its chunk loads, which is after the entry has run: no zod import here,
 * so zod stays out of the start bundle.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
