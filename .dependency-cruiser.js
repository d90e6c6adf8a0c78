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
