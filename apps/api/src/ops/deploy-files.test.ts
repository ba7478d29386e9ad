import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { SERVER_ENV } from '../../../../scripts/server-env.mjs';
import { defaultWebDist } from '../app.js';
import { readConfig } from '../config.js';
import { migrationsFolder } from '../db/client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * The deployment files (docs/operations.md): this machine has no Docker engine, so the
 * Dockerfile, compose.yaml and the Caddyfile are read here and held to what the app needs.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const rel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');

/** The variables config.ts reads: the keys of its zod schema, from the source. */
function configVariables(): string[] {
  const source = read('apps/api/src/config.ts');
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  expect(start, 'config.ts declares envSchema').toBeGreaterThan(-1);
  const names = [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
  expect(names.length).toBeGreaterThan(20);
  return names;
}

// ---- Dockerfile ----

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

/** Instructions by stage: continuation lines joined, comments dropped. */
function parseDockerfile(text: string): Stage[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (!line && !pending)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    lines.push(`${pending}${line}`.trim());
    pending = '';
  }
  const stages: Stage[] = [];
  for (const line of lines.filter(Boolean)) {
    const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line)!;
    if (keyword!.toUpperCase() === 'FROM') {
      const [image, as, name] = args!.split(/\s+/);
      stages.push({ image: image!, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      stages.at(-1)!.instructions.push({ keyword: keyword!.toUpperCase(), args: args! });
    }
  }
  return stages;
}

const all = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

/** `COPY [--from=x] src… dest` as { from, sources, dest }. */
const copies = (stage: Stage) =>
  all(stage, 'COPY').map((args) => {
    const words = args.split(/\s+/);
    const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
    const paths = words.filter((w) => !w.startsWith('--'));
    return { from, sources: paths.slice(0, -1), dest: paths.at(-1)! };
  });

/** ENV lines in either form (`ENV A=1 B=2` or `ENV A 1`) as one record. */
function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const args of all(stage, 'ENV')) {
    if (args.includes('=')) {
      for (const m of args.matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|\S+)/g)) env[m[1]!] = m[2]!.replace(/^"|"$/g, '');
    } else {
      const [k, ...v] = args.split(/\s+/);
      env[k!] = v.join(' ');
    }
  }
  return env;
}

// ---- compose.yaml ----

interface ComposeService {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string; timeout?: string; start_period?: string };
  ports?: string[];
  volumes?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  stop_grace_period?: string;
}
interface Compose {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
  networks: Record<string, { ipam?: { config?: { subnet: string }[] } }>;
}

const compose = parseYaml(read('compose.yaml'), { merge: true }) as Compose;

/** Compose's `${VAR:-default}` and `${VAR}` as `docker compose` fills them from `vars`. */
const interpolate = (value: string, vars: Record<string, string> = {}) =>
  value.replace(/\$\{([A-Z_][A-Z0-9_]*)(?::-([^}]*))?\}/g, (_, name: string, fallback?: string) =>
    vars[name] ? vars[name] : (fallback ?? ''),
  );
const composeVariables = () => [
  ...new Set([...read('compose.yaml').matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1]!)),
];
const environmentOf = (service: string, vars: Record<string, string> = {}) =>
  Object.fromEntries(
    Object.entries(compose.services[service]!.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), vars)]),
  );

const seconds = (d: string) => {
  const m = /^(\d+)(ms|s|m)$/.exec(d);
  expect(m, `a duration: ${d}`).not.toBeNull();
  return Number(m![1]) * { ms: 0.001, s: 1, m: 60 }[m![2] as 'ms' | 's' | 'm'];
};

// ---- Caddyfile ----

/** The site address and each directive of the reverse_proxy block, by name. */
function parseCaddyfile(text: string) {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter(Boolean);
  const site = lines[0]!.replace(/\s*\{$/, '');
  const proxyAt = lines.findIndex((l) => l.startsWith('reverse_proxy '));
  expect(proxyAt, 'a reverse_proxy directive').toBeGreaterThan(0);
  const upstreams = lines[proxyAt]!.replace(/\s*\{$/, '')
    .split(/\s+/)
    .slice(1);
  const options = new Map<string, string[]>();
  for (const line of lines.slice(proxyAt + 1)) {
    if (line === '}') break;
    const [name, ...args] = line.split(/\s+/);
    options.set(name!, args);
  }
  return { site, upstreams, options };
}

/** The run-time imports of the API's own code (tests and test support left out), as package names. */
function apiRuntimePackages(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test-support') walk(file);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const text = fs.readFileSync(file, 'utf8');
        for (const m of text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'([^'.][^']*)'/gm)) {
          const spec = m[1]!;
          const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
          if (!spec.startsWith('node:') && !builtinModules.includes(name)) found.add(name);
        }
      }
    }
  };
  walk(path.join(root, 'apps/api/src'));
  return found;
}

const workspaceDirs = () => {
  const globs = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
  return globs.flatMap((g) => {
    const base = g.replace(/\/\*$/, '');
    return fs
      .readdirSync(path.join(root, base))
      .map((d) => `${base}/${d}`)
      .filter((d) => fs.existsSync(path.join(root, d, 'package.json')));
  });
};
const packageJson = (dir: string) =>
  JSON.parse(read(`${dir}/package.json`)) as {
    name: string;
    dependencies?: Record<string, string>;
    exports?: Record<string, { default: string }>;
  };

describe('Dockerfile', () => {
  const stages = parseDockerfile(read('Dockerfile'));
  const runtime = stages.at(-1)!;
  const named = (name: string) => stages.find((s) => s.name === name)!;

  it('builds in stages on node:24-slim (Debian, glibc: the native modules have prebuilt binaries)', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.image).toBe('node:24-slim');
    expect(new Set(stages.map((s) => all(s, 'WORKDIR').at(-1)))).toEqual(new Set(['/app']));
  });

  it('builds with every dependency: npm ci, then npm run build', () => {
    const build = named('build');
    const runs = all(build, 'RUN');
    const ci = runs.findIndex((r) => /^npm ci\b/.test(r));
    expect(ci).toBeGreaterThan(-1);
    expect(runs[ci]).not.toContain('--omit');
    expect(runs.findIndex((r) => r === 'npm run build')).toBeGreaterThan(ci);
    // The sources come after the install, so a source change keeps the installed layer.
    expect(build.instructions.findIndex((i) => i.keyword === 'COPY' && i.args === '. .')).toBeGreaterThan(
      build.instructions.findIndex((i) => i.keyword === 'RUN' && i.args.startsWith('npm ci')),
    );
  });

  it('gives npm ci every workspace’s package.json, so the lock file matches', () => {
    for (const stageName of ['build', 'deps']) {
      const copied = copies(named(stageName)).flatMap((c) => (c.from ? [] : c.sources));
      expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
      for (const dir of workspaceDirs()) expect(copied, `${stageName} copies ${dir}`).toContain(`${dir}/package.json`);
    }
  });

  it('installs only production dependencies, for the API and each workspace library it imports', () => {
    const ci = all(named('deps'), 'RUN').find((r) => r.startsWith('npm ci'))!;
    expect(ci).toContain('--omit=dev');
    const workspaces = [...ci.matchAll(/--workspace=(\S+)/g)].map((m) => m[1]!);
    expect(workspaces).toContain('@tikiti/api');
    expect(workspaces).not.toContain('@tikiti/web');

    // Everything the API's code imports is installed by that command: a dependency of a named
    // workspace, or a named workspace itself. An import of a root devDependency would break the image.
    const byName = new Map(workspaceDirs().map((d) => [packageJson(d).name, d]));
    const installed = new Set<string>();
    for (const w of workspaces) {
      expect(byName.has(w), `${w} is a workspace`).toBe(true);
      installed.add(w);
      for (const dep of Object.keys(packageJson(byName.get(w)!).dependencies ?? {})) installed.add(dep);
    }
    const imported = apiRuntimePackages();
    expect(imported).toContain('fastify');
    for (const name of imported) expect(installed, `the API imports ${name}`).toContain(name);
  });

  it('runs only what runs: production node_modules, the built workspaces, migrations and the web app', () => {
    const fromDeps = copies(runtime).filter((c) => c.from === 'deps');
    expect(fromDeps).toEqual([{ from: 'deps', sources: ['/app'], dest: './' }]);
    const fromBuild = copies(runtime).filter((c) => c.from === 'build');
    const built = new Map(fromBuild.map((c) => [c.sources[0]!.replace(/^\/app\//, ''), c.dest]));
    // Each @tikiti library the API uses resolves through node_modules/@tikiti to its package.json,
    // whose exports point into dist/: so the dist is copied beside the package.json from deps.
    const ci = all(named('deps'), 'RUN').find((r) => r.startsWith('npm ci'))!;
    const libraries = [...ci.matchAll(/--workspace=(\S+)/g)].map((m) => m[1]!).filter((w) => w !== '@tikiti/api');
    expect(libraries.length).toBeGreaterThan(0);
    for (const dir of workspaceDirs().filter((d) => libraries.includes(packageJson(d).name))) {
      expect(packageJson(dir).exports?.['.']?.default).toMatch(/^\.\/dist\//);
      expect(built.get(`${dir}/dist`)).toBe(`${dir}/dist`);
    }
    expect(built.get('apps/api/dist')).toBe('apps/api/dist');
    // Where the server looks for them, relative to its own files.
    expect(built.get(rel(migrationsFolder))).toBe(rel(migrationsFolder));
    expect(built.get(rel(defaultWebDist))).toBe(rel(defaultWebDist));
    // The web build's server module, beside the web build (features/site/first-screen.ts).
    const serverModule = rel(path.join(defaultWebDist, '..', 'dist-server'));
    expect(built.get(serverModule)).toBe(serverModule);
    // The font every PDF embeds (lib/pdf-fonts.ts), where the server reads it.
    expect(built.get('apps/api/fonts')).toBe('apps/api/fonts');
    expect(built.size).toBe(libraries.length + 5);
    expect(all(runtime, 'RUN').join('\n')).not.toMatch(/npm (ci|install)/);
    // The one system package: a font, or sharp draws the demo covers' titles blank.
    expect(all(runtime, 'RUN').join('\n')).toMatch(/apt-get install -y --no-install-recommends .*fonts-dejavu-core/);
  });

  it('runs as the non-root node user, in production, on port 3000', () => {
    expect(all(runtime, 'USER')).toEqual(['node']);
    expect(envOf(runtime)).toMatchObject({ NODE_ENV: 'production', PORT: '3000', HOST: '0.0.0.0' });
    expect(all(runtime, 'EXPOSE')).toEqual(['3000']);
  });

  it('starts the server with the environment `npm start` gives it (the malloc arenas)', () => {
    expect(Object.keys(SERVER_ENV).length).toBeGreaterThan(0);
    expect(envOf(runtime)).toMatchObject({ ...SERVER_ENV });
  });

  it('starts node itself (signals reach the server) and checks /healthz with node’s fetch', () => {
    expect(JSON.parse(all(runtime, 'CMD')[0]!)).toEqual(['node', 'apps/api/dist/server.js']);
    expect(all(runtime, 'ENTRYPOINT')).toEqual([]);
    const [healthcheck] = all(runtime, 'HEALTHCHECK');
    expect(healthcheck).toMatch(/--interval=\S+ --timeout=\S+ --start-period=\S+/);
    const command = JSON.parse(healthcheck!.slice(healthcheck!.indexOf('CMD ') + 4)) as string[];
    expect(command.slice(0, 2)).toEqual(['node', '-e']);
    expect(command[2]).toContain('/healthz');
    expect(healthcheck).not.toMatch(/curl|wget/);
  });

  it('leaves local dependencies, builds, data, test output and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.replace(/^\*\*\//, ''));
    expect(ignored).toEqual(
      expect.arrayContaining(['node_modules', 'dist', 'data', 'test-results', 'bench-results', '.git', '.env']),
    );
  });
});

describe('compose.yaml', () => {
  const services = compose.services;
  const apis = ['api1', 'api2'];
  const caddyAddress = () =>
    (services.caddy!.networks as Record<string, { ipv4_address: string }>).tikiti!.ipv4_address;

  it('runs PostgreSQL, two API instances and Caddy', () => {
    expect(Object.keys(services).sort()).toEqual(['api1', 'api2', 'caddy', 'postgres']);
    expect(services.postgres!.image).toBe('postgres:17');
    expect(services.caddy!.image).toBe('caddy:2');
    for (const api of apis) expect(services[api]!.build).toBe('.');
  });

  it('keeps the database in a named volume, checked by pg_isready', () => {
    const pg = services.postgres!;
    expect(pg.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(compose.volumes).toHaveProperty('pgdata');
    expect(pg.healthcheck!.test[0]).toBe('CMD');
    expect(pg.healthcheck!.test).toContain('pg_isready');
    expect(pg.ports).toBeUndefined();
  });

  it('starts the APIs once PostgreSQL is healthy, and Caddy once both APIs are', () => {
    for (const api of apis) expect(services[api]!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.caddy!.depends_on).toEqual({
      api1: { condition: 'service_healthy' },
      api2: { condition: 'service_healthy' },
    });
  });

  it('publishes only Caddy, on 80 and 443', () => {
    expect(services.caddy!.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    for (const name of ['postgres', ...apis]) expect(services[name]!.ports).toBeUndefined();
    expect(services.caddy!.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(services.caddy!.volumes).toEqual(expect.arrayContaining(['caddy_data:/data']));
  });

  it('gives each API a configuration config.ts accepts: PostgreSQL, production, the proxy trusted', () => {
    const known = new Set(configVariables());
    for (const api of apis) {
      const env = environmentOf(api);
      for (const name of Object.keys(env)) expect(known, `${api} sets ${name}`).toContain(name);
      const config = readConfig(env);
      expect(config.isProduction).toBe(true);
      expect(config.port).toBe(3000);
      expect(new URL(config.databaseUrl!).host).toBe('postgres:5432');
      expect(config.trustProxy).toBe(caddyAddress());
      expect(config.publicUrl).toBe('http://localhost');
      expect(config.stripe).toBeUndefined();
      expect(config.mail.smtpUrl).toBeUndefined();
      // And as an operator would set it for a real site.
      const live = readConfig(
        environmentOf(api, {
          PUBLIC_URL: 'https://tickets.example.com',
          POSTGRES_PASSWORD: 'a-long-password',
          SMTP_URL: 'smtp://user:secret@smtp.example.com:587',
          STRIPE_SECRET_KEY: 'sk_live_x',
          STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
          DEMO_DATA: 'false',
        }),
      );
      expect(live.publicUrl).toBe('https://tickets.example.com');
      expect(live.databaseUrl).toBe('postgres://tikiti:a-long-password@postgres:5432/tikiti');
      expect(live.demoData).toBe(false);
    }
  });

  it('connects with the credentials the postgres service creates', () => {
    const pg = environmentOf('postgres');
    const url = new URL(environmentOf('api1').DATABASE_URL!);
    expect(url.username).toBe(pg.POSTGRES_USER);
    expect(url.password).toBe(pg.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${pg.POSTGRES_DB}`);
  });

  it('trusts X-Forwarded-For from Caddy’s fixed address only, inside the network’s subnet', () => {
    const [subnet] = compose.networks.tikiti!.ipam!.config!;
    const [base, bits] = subnet!.subnet.split('/');
    expect(bits).toBe('24');
    expect(caddyAddress().split('.').slice(0, 3)).toEqual(base!.split('.').slice(0, 3));
    for (const api of apis) expect(environmentOf(api).TRUST_PROXY).toBe(caddyAddress());
  });

  it('loads the demo data from one instance at most', () => {
    const demo = apis.filter((api) => readConfig(environmentOf(api)).demoData);
    expect(demo).toEqual(['api1']);
    expect(environmentOf('api2').DEMO_DATA).toBe('false');
  });

  it('lets an instance drain (10 s) before Docker kills it, and checks /healthz with node', () => {
    for (const api of apis) {
      const s = services[api]!;
      expect(seconds(s.stop_grace_period!)).toBeGreaterThan(10);
      expect(s.healthcheck!.test.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
      expect(s.healthcheck!.test[3]).toContain('http://127.0.0.1:3000/healthz');
      // /healthz answers within 2 s: the check waits longer than that.
      expect(seconds(s.healthcheck!.timeout!)).toBeGreaterThan(2);
    }
  });
});

describe('the health checks against a running API', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const run = async (script: string, env: Record<string, string> = {}) => {
    try {
      await promisify(execFile)(process.execPath, ['-e', script], { env: { ...process.env, ...env }, timeout: 10_000 });
      return 0;
    } catch (err) {
      return (err as { code?: number }).code ?? 1;
    }
  };

  it('the image’s check passes on a healthy instance and fails on a dead one', async () => {
    const stages = parseDockerfile(read('Dockerfile'));
    const healthcheck = all(stages.at(-1)!, 'HEALTHCHECK')[0]!;
    const [, , script] = JSON.parse(healthcheck.slice(healthcheck.indexOf('CMD ') + 4)) as string[];
    expect(await run(script!, { PORT: String(port) })).toBe(0);
    expect(await run(script!, { PORT: '1' })).toBe(1);
  });

  it('the compose check passes on a healthy instance', async () => {
    const script = compose.services.api1!.healthcheck!.test[3]!.replace(':3000/', `:${port}/`);
    expect(await run(script)).toBe(0);
  });
});

describe('deploy/Caddyfile', () => {
  const caddy = parseCaddyfile(read('deploy/Caddyfile'));

  it('balances over both API instances on their port', () => {
    expect(caddy.upstreams).toEqual(['api1:3000', 'api2:3000']);
    expect(caddy.options.get('lb_policy')).toEqual(['round_robin']);
    expect(seconds(caddy.options.get('lb_try_duration')![0]!)).toBeGreaterThan(0);
  });

  it('health-checks each instance on /healthz, giving it longer than its 2 s', () => {
    expect(caddy.options.get('health_uri')).toEqual(['/healthz']);
    expect(caddy.options.get('health_status')).toEqual(['200']);
    expect(seconds(caddy.options.get('health_timeout')![0]!)).toBeGreaterThan(2);
    expect(seconds(caddy.options.get('health_interval')![0]!)).toBeLessThanOrEqual(10);
  });

  it('serves the site compose names, plain HTTP on localhost unless SITE_ADDRESS is set', () => {
    expect(caddy.site).toBe('{$SITE_ADDRESS:http://localhost}');
    expect(environmentOf('caddy').SITE_ADDRESS).toBe('http://localhost');
    expect(caddy.options.has('trusted_proxies')).toBe(false);
  });
});

describe('docs/operations.md', () => {
  const doc = read('docs/operations.md');

  it('explains every variable config.ts reads, as the README does', () => {
    const readme = read('README.md');
    for (const name of configVariables()) {
      expect(doc, `docs/operations.md names ${name}`).toContain(`\`${name}\``);
      expect(readme, `README.md names ${name}`).toContain(`\`${name}\``);
    }
  });

  it('explains every setting compose.yaml takes from the shell or .env', () => {
    for (const name of composeVariables()) expect(doc, `docs/operations.md names ${name}`).toContain(`\`${name}\``);
  });

  it('gives the backup and restore commands the tests prove', () => {
    expect(doc).toContain('pg_dump');
    expect(doc).toContain('-Fc');
    expect(doc).toContain('pg_restore');
  });
});
