import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * The system programs the tests need that npm cannot install: Debian's Chromium for the
 * browser journeys and the PostgreSQL server binaries for the PostgreSQL suite.
 */
const needs = [
  {
    name: 'Chromium',
    apt: 'chromium',
    present: () => ['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((p) => fs.existsSync(p)),
  },
  {
    name: 'PostgreSQL server',
    apt: 'postgresql',
    present: () =>
      fs.existsSync('/usr/lib/postgresql') &&
      fs.readdirSync('/usr/lib/postgresql').some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)),
  },
];

/** Installs what is missing with apt-get when running as root; otherwise stops with one line. */
export function ensureSystemDeps() {
  const missing = needs.filter((n) => !n.present());
  if (missing.length === 0) return;
  const packages = missing.map((m) => m.apt);
  const canApt = process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
  if (!canApt) {
    console.error(
      `Missing ${missing.map((m) => m.name).join(' and ')}: install with \`sudo apt-get install -y ${packages.join(' ')}\``,
    );
    process.exit(1);
  }
  console.log(`Installing ${packages.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  const still = needs.filter((n) => !n.present());
  if (still.length) {
    console.error(
      `Could not install ${still.map((m) => m.name).join(' and ')}: install with \`apt-get install -y ${packages.join(' ')}\``,
    );
    process.exit(1);
  }
}
