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
      name: 'server-lower-layers-import-no-module',
      comment:
        'On the server, lib/, adapters/, db/ and realtime/ sit below modules/ and jobs/: they know no feature. Pass what they need in (the context, a callback).',
      severity: 'error',
      from: { path: '^apps/server/src/(lib|adapters|db|realtime)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(modules|jobs|app\\.ts|main\\.ts)' },
    },
    {
      name: 'server-lib-is-the-bottom',
      comment:
        'On the server, lib/ holds plain helpers: it knows no adapter (mail, payments, storage) and no realtime. What both need goes in lib/ or packages/shared.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/(adapters|realtime)/' },
    },
    {
      name: 'server-product-imports-no-test-or-seed',
      comment:
        'The product never reaches into the tests (src/test/: harness and fixtures) or the demo data (src/seed/, which sits on top and uses the modules). The seed and the tests may use each other.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: ['\\.test\\.ts$', '^apps/server/src/(test|seed)/', '^apps/server/src/(app|main)\\.ts$'],
      },
      to: { path: '^apps/server/src/(test|seed)/' },
    },
    {
      name: 'server-modules-through-index',
      comment:
        "A server module uses another module only through that module's index.ts (its public functions); tests may reach in.",
      severity: 'error',
      from: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: '\\.test\\.ts$',
      },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
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
