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
    {
      name: 'rollup-object-side-below-domain',
      severity: 'error',
      comment:
        "The roll-up's object side (worker/rollup/station.ts) runs inside a station object and its layout is pure: neither imports a domain verb (docs/decisions/0015).",
      from: { path: '^worker/rollup/(station|layout)\\.ts$' },
      to: { path: '^worker/(domain|objects|routes)/|^worker/rollup/(cron|health)\\.ts$' },
    },
    {
      name: 'rollup-layout-is-shared',
      severity: 'error',
      comment:
        'contracts, db and station code may use the roll-up row layout (worker/rollup/layout.ts), and station code its object side, nothing of the cron side.',
      from: { path: '^worker/(contracts|db|station)/' },
      to: { path: '^worker/rollup/(cron|health)\\.ts$' },
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
