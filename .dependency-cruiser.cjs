// Which folder of the web app may import which (docs/DEVELOPING.md, 'Import direction').
// The layers, bottom to top: lib -> components -> features -> app. A layer imports only
// layers below it; a feature reaches another feature only through that feature's index.ts;
// nothing imports in a circle. `npm run lint` runs these rules (depcruise).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-is-the-bottom',
      comment:
        'lib/ holds plain helpers (API base, session, socket, formatting): it imports no UI and no feature.',
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/(components|features|app)/' },
    },
    {
      name: 'components-import-no-feature',
      comment: 'components/ is shared UI: it knows no feature and not the app shell. Pass data in as props.',
      severity: 'error',
      from: { path: '^apps/web/src/components/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'features-import-no-app',
      comment: 'The app shell (router, layout) composes features, never the other way round.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'features-through-index',
      comment: "A feature uses another feature only through that feature's index.ts (its public pieces).",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'no-circular',
      comment: 'Imports in a circle: split the shared piece out (usually into components/ or lib/).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
