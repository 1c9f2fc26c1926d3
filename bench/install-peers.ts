/**
 * The peers live in bench/package.json with their own lockfile, so they never
 * enter the package's dependencies. Every part of `npm run bench` calls this
 * first: it installs them into bench/node_modules when any is missing, so a
 * peer added to bench/package.json after the last install is measured too,
 * never reported as "not installed".
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function installPeers(): void {
  const benchDir = fileURLToPath(new URL('.', import.meta.url));
  const { dependencies } = JSON.parse(readFileSync(`${benchDir}package.json`, 'utf8')) as { dependencies: Record<string, string> };
  const missing = Object.keys(dependencies).filter((name) => !existsSync(`${benchDir}node_modules/${name}/package.json`));
  if (missing.length === 0) return;
  console.log(`Installing the peers into bench/node_modules (npm ci --prefix bench; missing: ${missing.join(', ')})…`);
  execFileSync('npm', ['ci', '--prefix', benchDir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}
