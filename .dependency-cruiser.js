/**
 * Import circles, type imports included (decision 053). eslint's import-x/no-cycle skips `import type`,
 * and a circle through types still ties two modules so that neither can move or be read alone.
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules form layers: break the circle by moving the shared piece down (decision 053).",
      from: {},
      to: { circular: true },
    },
    {
      name: "db-is-the-ground-floor",
      severity: "error",
      comment:
        "apps/api/src/db holds the schema, migrations and the connection: it imports no module, no mail, no seed. " +
        "What fills the tables from outside (seed, import) lives in src/catalog, the commands in src/cli (decision 053).",
      from: { path: "^apps/api/src/db/", pathNot: "[.]test[.]ts$" },
      to: { path: "^apps/api/src/", pathNot: "^apps/api/src/(db/|data-dir[.]ts$)" },
    },
  ],
  options: {
    // See `import type` and type-only re-exports: they vanish from compiled JavaScript but still tie modules.
    tsPreCompilationDeps: true,
    // Our own code only: packages in node_modules cannot close a circle with it.
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)node_modules/", "(^|/)dist(-ssr)?/", "^bench/results/", "^data/"] },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
