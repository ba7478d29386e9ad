/**
 * The boundaries `npm run lint` keeps (docs/architecture.md, "Boundaries";
 * docs/decisions/0006-module-boundaries.md). Every rule is an error.
 */
const apiFeature = '^apps/api/src/features/([^/]+)/';

/** A feature of `app` (api or web) uses another feature only through that feature's index.ts. */
const featureInternals = (app) => ({
  name: `${app}-feature-internals`,
  comment: "A feature uses another feature only through that feature's index.ts.",
  severity: 'error',
  from: { path: `^apps/${app}/src/features/([^/]+)/` },
  to: {
    path: `^apps/${app}/src/features/[^/]+/.+`,
    pathNot: [`^apps/${app}/src/features/$1/`, `^apps/${app}/src/features/[^/]+/index\\.ts$`],
  },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is the ground floor: it imports neither app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-apart',
      comment: 'The API and the web app share only the contract.',
      severity: 'error',
      from: { path: '^apps/(api|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    featureInternals('api'),
    {
      name: 'api-outside-into-feature-internals',
      comment:
        "Code outside the features (http, db, lib, jobs, test support) uses a feature through its index.ts; only the composition roots (features/routes.ts, background.ts) pick up a feature's routes and job handlers.",
      severity: 'error',
      from: {
        path: '^apps/api/src/',
        pathNot: [apiFeature, '^apps/api/src/features/routes\\.ts$', '^apps/api/src/background\\.ts$'],
      },
      to: { path: '^apps/api/src/features/[^/]+/.+', pathNot: '^apps/api/src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'api-jobs-know-no-feature',
      comment: 'The job queue runs handlers it is given; it imports no feature.',
      severity: 'error',
      from: { path: '^apps/api/src/jobs/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/api/src/(features|background)' },
    },
    {
      name: 'api-shared-layers-know-no-feature',
      comment: 'lib/ and db/ (but the demo seed) are below the features.',
      severity: 'error',
      from: { path: '^apps/api/src/(lib|db)/', pathNot: ['^apps/api/src/db/seed/', '\\.test\\.ts$'] },
      to: { path: '^apps/api/src/features/' },
    },
    {
      name: 'api-routes-thin',
      comment:
        "A feature's routes call its services: they never reach a repository or the ORM (docs/architecture.md#how-a-request-flows).",
      severity: 'error',
      from: { path: '^apps/api/src/features/[^/]+/[^/]+\\.routes\\.ts$' },
      to: { path: ['\\.repo\\.ts$', '(^|/)node_modules/drizzle-orm/', '^apps/api/src/db/schema/'] },
    },
    {
      name: 'api-services-know-no-http',
      comment: 'Services hold the rules and know nothing of Fastify: requests and replies stay in the routes.',
      severity: 'error',
      from: { path: '^apps/api/src/features/[^/]+/[^/]+\\.service\\.ts$' },
      to: { path: '(^|/)node_modules/(fastify|@fastify/[^/]+)/' },
    },
    featureInternals('web'),
    {
      name: 'web-feature-to-app',
      comment: 'Web features never import app/ (the router and providers import them).',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-to-features',
      comment: 'lib/ and components/ are shared building blocks: they import no feature and not app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-app-to-feature-internals',
      comment: 'app/ mounts features through their index.ts.',
      severity: 'error',
      from: { path: '^apps/web/src/app/' },
      to: { path: '^apps/web/src/features/[^/]+/.+', pathNot: '^apps/web/src/features/[^/]+/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    // Sources import `./x.js` for `./x.ts` (NodeNext); the root tsconfig (NodeNext) resolves them as TypeScript does.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
