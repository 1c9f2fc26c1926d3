/**
 * `npm run bench:signing`: what signing a v3 request costs (docs/benchmarks.md),
 * in one Node process:
 *
 * - requests signed per second by `signRequest` (the body's SHA-256 on
 *   `node:crypto`, the HMAC on Web Crypto): with the key imported once (as
 *   `createClient` does), awaited one at a time and 64 at a time, and with
 *   the secret as a string (the key imported per request); beside the same
 *   request signed with `node:crypto`'s synchronous calls (a nonce from
 *   `randomBytes`, the body's SHA-256, the HMAC, the headers), and with both
 *   hashes on Web Crypto as the package did before, so every row does the
 *   same work; wall time and the process's CPU time (every thread) per
 *   signature;
 * - the cost of one signature against a loopback round trip: the median
 *   time of a signed status check answered by the sandbox, and of a bare
 *   `fetch` to a `node:http` server that answers a fixed envelope.
 *
 * Each rate is the median of five rounds, the kinds taking turns, so a
 * slow moment of the machine does not fall on one kind only.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import {
  canonicalString,
  computeSignature,
  createNonce,
  importSigningKey,
  SignatureHeader,
  signRequest,
  type SigningKey,
} from '../src/server/signing.js';
import { toHex, utf8 } from '../src/server/bytes.js';
import { createClient } from '../src/server/client.js';
import { createSandbox } from '../src/sandbox/sandbox.js';
import { v3Credential } from '../src/sandbox/v3/fixtures.js';
import { writeResults } from './results-doc.js';

const ROUNDS = 5;
const ROUND_MS = 400;
const TRIPS = 1_000;
const PATH = '/v3/transfers/status/check';
const BODY = JSON.stringify({ txn_id: 'txn_0123456789abcdef' });
const { clientId, secret } = v3Credential('ACCOUNT');

/**
 * `signRequest` as the package had it before Web Crypto (synchronous, on
 * `node:crypto`), for a request without a target: the same steps and the
 * same headers as the Web Crypto one, so the two differ only in the crypto.
 */
function signWithNodeCrypto(): Record<string, string> {
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const hash = createHash('sha256').update(BODY).digest('hex');
  const canonical = canonicalString({ method: 'POST', path: PATH, clientId, timestamp, nonce, contentHash: hash, target: null });
  return signedHeaders(timestamp, nonce, hash, createHmac('sha256', secret).update(canonical, 'utf8').digest('hex'));
}

/** The headers `signRequest` gives a request without a target. */
function signedHeaders(timestamp: string, nonce: string, hash: string, signature: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    [SignatureHeader.CLIENT_ID]: clientId,
    [SignatureHeader.TIMESTAMP]: timestamp,
    [SignatureHeader.NONCE]: nonce,
    [SignatureHeader.CONTENT_HASH]: hash,
    [SignatureHeader.SIGNATURE]: signature,
  };
}

/** Both hashes on Web Crypto, as `signRequest` did before it hashed the body with `node:crypto`: the same steps and headers. */
async function signWithWebCryptoOnly(key: SigningKey): Promise<Record<string, string>> {
  const timestamp = String(Date.now());
  const nonce = createNonce();
  const hash = toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(BODY))));
  const canonical = canonicalString({ method: 'POST', path: PATH, clientId, timestamp, nonce, contentHash: hash, target: null });
  return signedHeaders(timestamp, nonce, hash, await computeSignature(key, canonical));
}

const webCrypto = (key: SigningKey | string) => () => signRequest({ method: 'POST', path: PATH, body: BODY, clientId, secret: key });

/** One round: signatures per second, and the process's CPU time (every thread) per signature, `batch` in flight at a time. */
async function rate(sign: () => unknown, batch: number): Promise<{ perSecond: number; cpuMicros: number }> {
  let count = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < ROUND_MS) {
    if (batch === 1) await sign();
    else await Promise.all(Array.from({ length: batch }, sign));
    count += batch;
  }
  const elapsed = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { perSecond: (count * 1000) / elapsed, cpuMicros: (used.user + used.system) / count };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const key = await importSigningKey(secret);
const NODE = '`node:crypto`, synchronous (the reference)';
const CACHED_ONE = '`signRequest`, key imported once, one at a time';
const CACHED_MANY = '`signRequest`, key imported once, 64 at a time';
const BOTH_ONE = 'both hashes on Web Crypto (before), key imported once, one at a time';
const BOTH_MANY = 'both hashes on Web Crypto (before), key imported once, 64 at a time';
const KINDS: { name: string; sign: () => unknown; batch: number }[] = [
  { name: NODE, sign: signWithNodeCrypto, batch: 1 },
  { name: CACHED_ONE, sign: webCrypto(key), batch: 1 },
  { name: CACHED_MANY, sign: webCrypto(key), batch: 64 },
  { name: '`signRequest`, secret as a string (key imported per request)', sign: webCrypto(secret), batch: 1 },
  { name: BOTH_ONE, sign: () => signWithWebCryptoOnly(key), batch: 1 },
  { name: BOTH_MANY, sign: () => signWithWebCryptoOnly(key), batch: 64 },
];
const loadAtStart = loadavg()[0]!;
const rates = new Map<string, number[]>(KINDS.map((k) => [k.name, []]));
const cpuPer = new Map<string, number[]>(KINDS.map((k) => [k.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of KINDS) {
    const measured = await rate(kind.sign, kind.batch);
    rates.get(kind.name)!.push(measured.perSecond);
    cpuPer.get(kind.name)!.push(measured.cpuMicros);
  }
}

/** Median milliseconds of `TRIPS` requests, one after another. */
async function roundTrip(send: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 50; i++) await send(); // connections open, code warm
  const times: number[] = [];
  for (let i = 0; i < TRIPS; i++) {
    const start = performance.now();
    await send();
    times.push(performance.now() - start);
  }
  return median(times);
}

const sandbox = await createSandbox();
const client = createClient({ baseUrl: sandbox.url, credential: { clientId, secret, kind: 'ACCOUNT' } });
const created = await client.transfers.pixBankAccount({ amount: '1.00', memo: 'bench' });
const txnId = String(created?.txn_id);
const sandboxTrip = await roundTrip(() => client.transfers.statusCheck({ txn_id: txnId }));
await sandbox.close();

const envelope = JSON.stringify({ code: 200, message: 'success', data: { txn_status: 1 }, time: Date.now() });
const bare = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(envelope));
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${PATH}`;
const bareTrip = await roundTrip(async () => (await fetch(bareUrl, { method: 'POST', body: BODY })).text());
await new Promise((resolve) => bare.close(resolve));

const perSecond = (name: string) => median(rates.get(name)!);
const micros = (name: string) => 1e6 / perSecond(name);
const signingMs = micros(CACHED_ONE) / 1000;
const times = (name: string) => `${(micros(name) / micros(NODE)).toFixed(1)}×`;
const cpuMicros = (name: string) => median(cpuPer.get(name)!);
const lines = [
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} threads, load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end); medians of ${ROUNDS} rounds of ${ROUND_MS} ms.`,
  '',
  '| signing one status check | signatures per second | µs each | beside `node:crypto` | CPU µs each (every thread) |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...KINDS.map(
    (k) =>
      `| ${k.name} | ${Math.round(perSecond(k.name)).toLocaleString('en')} | ${micros(k.name).toFixed(1)} | ${times(k.name)} | ${cpuMicros(k.name).toFixed(1)} |`,
  ),
  '',
  `\`signRequest\` with the key imported once costs ${times(CACHED_MANY)} \`node:crypto\` per signature when signatures overlap (64 at a time; limit 4×), ${times(CACHED_ONE)} awaited one at a time; both hashes on Web Crypto, as before, ${times(BOTH_MANY)} and ${times(BOTH_ONE)}.`,
  '',
  '| one request on loopback (median of 1,000, one at a time) | ms | one signature (`signRequest`, key imported once, one at a time) as a share of it |',
  '| --- | ---: | ---: |',
  `| signed status check, \`createClient\` → sandbox (verifies, answers) | ${sandboxTrip.toFixed(3)} | ${((100 * signingMs) / sandboxTrip).toFixed(1)} % |`,
  `| bare \`fetch\` → \`node:http\` fixed envelope (the floor) | ${bareTrip.toFixed(3)} | ${((100 * signingMs) / bareTrip).toFixed(1)} % |`,
];
const text = lines.join('\n');
console.log(text);
await writeResults('signing', text);
