/**
 * The peers live in bench/package.json with their own lockfile, so they never
 * enter the package's dependencies. Both halves of `npm run bench` call this
 * first: it installs them into bench/node_modules when they are missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function installPeers(): void {
  const benchDir = fileURLToPath(new URL('.', import.meta.url));
  if (existsSync(`${benchDir}node_modules/.package-lock.json`)) return;
  console.log('Installing the peers into bench/node_modules (npm ci --prefix bench)…');
  execFileSync('npm', ['ci', '--prefix', benchDir, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}
