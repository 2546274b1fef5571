/**
 * The import graph's rules (docs/decisions/0014), checked by `npm run lint`: no circles (type-only imports count),
 * and the Worker's folders depend downwards only.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: move what both sides need below them.',
      from: { pathNot: '^app/routeTree\\.gen\\.ts$' },
      to: { circular: true, pathNot: '^app/routeTree\\.gen\\.ts$' },
    },
    {
      name: 'station-below-domain',
      severity: 'error',
      comment: 'Domain verbs call the station objects; what runs inside a station object never imports a domain verb.',
      from: { path: '^worker/station/' },
      to: { path: '^worker/domain/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(app/paraglide|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
