/**
 * The import graph's rules (docs/decisions/0014, 0020, 0026), checked by `npm run lint`: no circles (type-only imports count),
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
      name: 'station-parts-below-db-statements',
      severity: 'error',
      comment:
        "What runs inside a station object (worker/station/, but its class) uses contracts, the stubs' directories, the pure leaves below db/ and the object's own parts: D1 statements and domain verbs reach it only as functions its class hands in (docs/decisions/0020).",
      from: { path: '^worker/station/', pathNot: '^worker/station/object\\.ts$' },
      to: {
        path: '^worker/',
        pathNot:
          '^worker/(station/|contracts/|db/(rollup-layout\\.ts|schema/)|sta/(filter|ids)\\.ts|(live|share)/directory\\.ts|config\\.ts)',
      },
    },
    {
      name: 'station-object-wiring',
      severity: 'error',
      comment:
        "The station object's class builds its parts and hands them what they need from above: the roll-up's D1 writes, the alarm transitions' and the level crossings' delivery, the escalations' steps, nothing else of db/ statements or domain/ (docs/decisions/0020).",
      from: { path: '^worker/station/object\\.ts$' },
      to: {
        path: '^worker/(db|domain|routes|http|rollup|sta|objects|live|share)/',
        pathNot:
          '^worker/(station/|db/(daily-stats|rollup-layout)\\.ts|domain/alarms/transitions\\.ts|domain/warning/crossings\\.ts|domain/escalations/run\\.ts)',
      },
    },
    {
      name: 'station-reached-through-its-stub',
      severity: 'error',
      comment:
        "Outside worker/station/, a station object is reached through its stub (station/directory.ts) and its facets; of the rest only types are imported (a part's shape, a facet's answer), but for the order of observations the SensorThings API merges pages in, the batch builder of what `ingest` takes (batch.ts, a pure leaf), and the class only by the Workers that export it (docs/decisions/0020, 0023).",
      from: { path: '^(worker|app|scripts)/', pathNot: '^worker/station/' },
      to: {
        path: '^worker/station/',
        pathNot: '^worker/station/(directory|object|observations|batch)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'station-class-exported-by-workers-only',
      severity: 'error',
      comment: 'StationCore is exported by the Workers that bind it; everyone else calls it through stationOf.',
      from: { path: '^(worker|app|scripts)/', pathNot: '^(worker/station/|app/server\\.ts$|scripts/(lib/api-worker|bench/worker)\\.ts$)' },
      to: { path: '^worker/station/object\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'db-below-station-and-cron',
      severity: 'error',
      comment:
        "db/ holds D1's statements and the pure layouts below them: it imports contracts and SensorThings' pure leaves (its filter compiler and ids), never station objects, the roll-up's cron or a verb.",
      from: { path: '^worker/db/' },
      to: { path: '^worker/', pathNot: '^worker/(db/|contracts/|sta/(filter|ids)\\.ts|config\\.ts)' },
    },
    {
      name: 'contracts-browser-safe',
      severity: 'error',
      comment: 'Contracts are imported by the browser: they import nothing of the Worker but other contracts (and shared/, outside it).',
      from: { path: '^worker/contracts/' },
      to: { path: '^worker/', pathNot: '^worker/contracts/' },
    },
    {
      name: 'shared-below-both-sides',
      severity: 'error',
      comment:
        'shared/ holds what the browser and the Worker both compute: npm packages and its own modules, nothing of worker/, app/, scripts/ or tests/ (docs/decisions/0026).',
      from: { path: '^shared/' },
      to: { path: '^(worker|app|scripts|tests)/' },
    },
    {
      name: 'pure-leaves',
      severity: 'error',
      comment:
        "The roll-up's row layout and SensorThings' filter compiler and ids are shared by D1's statements and the station objects: pure, they import nothing of the Worker but contracts.",
      from: { path: '^worker/(db/rollup-layout|sta/(filter|ids))\\.ts$' },
      to: { path: '^worker/', pathNot: '^worker/contracts/' },
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
