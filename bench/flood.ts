/**
 * The full flood (docs/reliability.md): the CI fuzz test's hostile requests,
 * ten thousand and more, then twenty thousand accepted creates that fill
 * every bounded store, with memory read after a forced GC at each step.
 * Loopback only; the sandbox runs in this process, so memory is the
 * sandbox's plus the generator's (the generator keeps nothing).
 *
 *   node --expose-gc --import tsx bench/flood.ts [--requests 12000] [--creates 20000] [--seed 20261122]
 */
import { cpus } from 'node:os';
import { createSandbox } from '../src/sandbox/sandbox.js';
import { createClock } from '../src/sandbox/clock.js';
import { stateSnapshot } from '../src/sandbox/v3/test-helpers.js';
import { signRequest } from '../src/server/signing.js';
import { merchantOrderId } from '../src/server/order-id.js';
import { v3Credential } from '../src/sandbox/v3/fixtures.js';
import { accepted, answerProblem, closeConnections, hostileRequest, seeded, send, type HostileRequest } from '../test/hostile-requests.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const REQUESTS = option('requests', 12_000);
const CREATES = option('creates', 20_000);
const SEED = option('seed', 20261122);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const memory = () => {
  gc!();
  gc!();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: Math.round(rss / 1e6), heap: Math.round(heapUsed / 1e6) };
};

const sandbox = await createSandbox({ clock: createClock({ frozenAt: Date.UTC(2026, 2, 14, 12) }) });
const start = memory();

// ─── 1. Hostile requests, state compared on every refusal ────────────────────
const random = seeded(SEED);
const statuses = new Map<number, number>();
let problems = 0;
let changedOnRefusal = 0;
let acceptedCount = 0;
for (let i = 0; i < REQUESTS; i++) {
  const request = await hostileRequest(random, sandbox.clock.now());
  const before = stateSnapshot(sandbox);
  const answer = await send(sandbox.url, request);
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  const problem = answerProblem(answer);
  if (problem) {
    problems++;
    console.error(`#${i} ${request.label}: ${problem}`);
  }
  if (accepted(answer)) acceptedCount++;
  else if (stateSnapshot(sandbox) !== before) {
    changedOnRefusal++;
    console.error(`#${i} ${request.label}: refused but changed the state`);
  }
}
const afterHostile = memory();

// ─── 2. Accepted creates until every store is at its cap ─────────────────────
const order = () => merchantOrderId(sandbox.clock.now());
const CREATE_KINDS: { kind: 'ACCOUNT' | 'USER' | 'PLATFORM'; path: string; body: () => unknown }[] = [
  { kind: 'ACCOUNT', path: '/v3/med/create', body: () => ({ reason: 'flood', note: 'n'.repeat(512) }) },
  { kind: 'ACCOUNT', path: '/v3/transfers/pix/bank-account', body: () => ({ amount: '0.01', merchant_order_id: order(), memo: 'flood' }) },
  { kind: 'ACCOUNT', path: '/v3/qr_code/generate/static', body: () => ({ amount: '1.00' }) },
  { kind: 'ACCOUNT', path: '/v3/transfers/pix/key-initiate', body: () => ({ pix_key: 'contato@padaria.example' }) },
  { kind: 'PLATFORM', path: '/v3/onboarding/master_accounts/create', body: () => ({ owner_user_id: 'usr_flood', note: 'n'.repeat(512) }) },
  { kind: 'USER', path: '/v3/onboarding/managed_accounts/create', body: () => ({ model: 2 }) },
];
const codes = new Map<string, number>();
const checkpoints: { creates: number; rss: number; heap: number }[] = [];
for (let i = 0; i < CREATES; i++) {
  const spec = CREATE_KINDS[i % CREATE_KINDS.length]!;
  const body = Buffer.from(JSON.stringify(spec.body()));
  const { clientId, secret } = v3Credential(spec.kind);
  const headers = await signRequest({ method: 'POST', path: spec.path, body, clientId, secret, timestamp: sandbox.clock.now() });
  const request: HostileRequest = { method: 'POST', path: spec.path, headers, body, chunked: false, label: spec.path };
  const answer = await send(sandbox.url, request);
  if (answerProblem(answer)) problems++;
  const code = String((JSON.parse(answer.text) as { code: unknown }).code);
  codes.set(`${spec.path} ${code}`, (codes.get(`${spec.path} ${code}`) ?? 0) + 1);
  if ((i + 1) % 5_000 === 0) checkpoints.push({ creates: i + 1, ...memory() });
}
closeConnections();
await sandbox.close();

const v3 = sandbox.context.v3!;
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}; seed ${SEED}.`);
console.log(
  `\nHostile requests: ${REQUESTS}; accepted ${acceptedCount}; 5xx or not an envelope: ${problems}; refused but changed state: ${changedOnRefusal}`,
);
console.log(
  `Statuses: ${[...statuses.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}×${n}`)
    .join(', ')}`,
);
console.log(`\nAccepted creates: ${CREATES}`);
for (const [key, n] of [...codes.entries()].sort()) console.log(`  ${key}: ${n}`);
console.log('\n| After | RSS MB | heap MB |');
console.log('|---|---|---|');
console.log(`| start | ${start.rss} | ${start.heap} |`);
console.log(`| ${REQUESTS} hostile requests | ${afterHostile.rss} | ${afterHostile.heap} |`);
for (const c of checkpoints) console.log(`| + ${c.creates} creates | ${c.rss} | ${c.heap} |`);
console.log(
  `\nStore sizes: ${Object.entries(v3)
    .filter(([, store]) => store instanceof Map)
    .map(([name, store]) => `${name} ${(store as Map<unknown, unknown>).size}`)
    .join(', ')}; nonces ${v3.nonces.size}; tokens ${sandbox.context.tokens.size}`,
);
if (problems > 0 || changedOnRefusal > 0) process.exitCode = 1;
