/**
 * Hostile requests against every sandbox route, from a seeded generator, so a
 * failure can be replayed: wrong types, huge and nested bodies, prototype
 * keys, unicode and NUL, huge and negative amounts, bad or missing headers,
 * chunked bodies. Shared by the CI fuzz test (a few thousand) and
 * `bench/flood.ts` (ten thousand and more). Loopback only.
 */
import { request, Agent } from 'node:http';
import { signRequest } from '../src/server/signing.js';
import { merchantOrderId } from '../src/server/order-id.js';
import { ALL_OPERATIONS } from '../src/server/schemas/operations.js';
import type { Operation } from '../src/server/policy.js';
import { V3_ACCOUNTS, V3_QR_PAYLOADS, v3Credential } from '../src/sandbox/v3/fixtures.js';
import { SANDBOX_ADMIN_TOKEN } from '../src/sandbox/routes/clock-control.js';

/** A small, fast, seeded PRNG (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface HostileRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Send without Content-Length, in two chunks. */
  chunked: boolean;
  /** What the generator did, to name a failure. */
  label: string;
}

const LOJA = { ispb: V3_ACCOUNTS[0]!.ispb, accountNumber: V3_ACCOUNTS[0]!.accountNumber };

/** A request body each route accepts, or nearly: the starting point of every mutation. */
function template(op: Operation, now: number): Record<string, unknown> {
  const order = merchantOrderId(now);
  const bodies: Record<string, Record<string, unknown>> = {
    'transfers.qrCodeInitiate': { qr_code_payload: V3_QR_PAYLOADS.activeWithoutAmount },
    'transfers.qrCodeConfirm': { ref_id: 'ref_unknown', merchant_order_id: order, amount: '1.00' },
    'transfers.keyInitiate': { pix_key: 'contato@padaria.example', amount: '1.00' },
    'transfers.keyConfirm': { ref_id: 'ref_unknown', amount: '1.00' },
    'transfers.pixBankAccount': { amount: '1.00', merchant_order_id: order, memo: 'fuzz' },
    'transfers.tedBankAccount': { amount: '1.00', merchant_order_id: order },
    'transfers.details': { txn_id: 'txn_unknown' },
    'transfers.statusCheck': { txn_id: 'txn_unknown' },
    'refunds.create': { original_settlement_id: 'stl_sandbox_inbound_fresh', merchant_order_id: order, amount: '1.00' },
    'refunds.details': { refund_id: 'rfd_unknown' },
    'refunds.statusCheck': { merchant_order_id: order },
    'pixKeys.create': { pix_key_type: 3, pix_key_value: 'fuzz@loja.example' },
    'qrCodes.generateDynamic': { amount: '1.00', description: 'fuzz', expires_in: 60 },
    'qrCodes.generateStatic': { amount: '1.00' },
    'qrCodes.details': { qr_code_id: 'qr_unknown' },
    'med.create': { reason: 'fuzz', transaction_id: 'txn_unknown' },
    'med.detail': { id: 'med_unknown' },
    'med.cancel': { id: 'med_unknown' },
    'infractions.detail': { id: 'inf_unknown' },
    'masterAccounts.create': { owner_user_id: 'usr_fuzz', status: 'PENDING', tax_id: '00000000000191' },
    'masterAccounts.detail': { id: 'mst_sandbox_0001' },
    'masterAccounts.update': { id: 'mst_sandbox_other_0001', notification_email: 'a@b.example' },
    'managedAccounts.create': { model: 2, compliance_mode: 1, notification_email: 'a@b.example' },
    'managedAccounts.detail': { reference_id: 'ma_sandbox_mor_0001' },
    'managedAccounts.list': { page: { page: 1, page_size: 20 } },
    'managedAccounts.update': { reference_id: 'ma_sandbox_va_0001', return_url: 'https://loja.example/back' },
    'managedAccounts.credentialsGet': { reference_id: 'ma_sandbox_va_0002' },
    'managedAccounts.rotateCredentials': { reference_id: 'ma_sandbox_other_mor_0001' },
  };
  return structuredClone(bodies[op.name] ?? {});
}

/** Values no route expects. */
function hostileValue(random: () => number): unknown {
  const deep = (n: number): unknown => {
    let v: unknown = 'x';
    for (let i = 0; i < n; i++) v = random() < 0.5 ? [v] : { a: v };
    return v;
  };
  const values: (() => unknown)[] = [
    () => null,
    () => true,
    () => 0,
    () => -1,
    () => 1e308,
    () => 2 ** 53 + 2,
    () => '',
    () => '   ',
    () => '\u0000',
    () => 'a\u0000b',
    () => '💳'.repeat(1 + Math.floor(random() * 60)),
    () => '\ud800',
    () => 'x'.repeat(Math.floor(random() * 3000)),
    () => '9'.repeat(10 + Math.floor(random() * 400)),
    () => '-1.00',
    () => '0.00',
    () => '1e5',
    () => '1.005',
    () => '90071992547409.92',
    () => '99999999999999999999.99',
    () => '4111 1111 1111 1111',
    () => ({ toString: 1 }),
    () => ({ valueOf: 'x', toJSON: 1 }),
    () => [],
    () => [1, 'a', null],
    () => deep(5 + Math.floor(random() * 40)),
    () => Math.floor(random() * 10),
    () => 'sandbox_fail',
  ];
  return values[Math.floor(random() * values.length)]!();
}

const FIELDS = [
  'amount',
  'merchant_order_id',
  'ref_id',
  'txn_id',
  'pix_key',
  'pix_key_type',
  'pix_key_value',
  'qr_code_payload',
  'description',
  'expires_in',
  'id',
  'reference_id',
  'account',
  'model',
  'status',
  'compliance_mode',
  'trading_name',
  'notification_email',
  'return_url',
  'page',
  'refund_id',
  'original_settlement_id',
  'reason',
  'memo',
  'med_id',
  'owner_user_id',
  'linked_account_id',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
];

/** A hostile request to any route, built from `random` and signed as of `now` when it is a v3 call. */
export async function hostileRequest(random: () => number, now: number): Promise<HostileRequest> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const roll = random();
  const op = pick(ALL_OPERATIONS);
  let path: string = op.path;
  let label = op.name;
  let method = 'POST';
  let contentType: string | undefined = 'application/json';
  let chunked = random() < 0.1;

  // The body: a template with one hostile change, or something else entirely.
  let text: string;
  const body: Record<string, unknown> = template(op, now);
  const shape = random();
  if (shape < 0.45) {
    const field = random() < 0.6 && Object.keys(body).length > 0 ? pick(Object.keys(body)) : pick(FIELDS);
    body[field] = hostileValue(random);
    label += ` ${field}=hostile`;
    text = JSON.stringify(body);
  } else if (shape < 0.55) {
    text = JSON.stringify(body).replace(/^\{/, `{"__proto__":{"polluted":1},`);
    label += ' __proto__';
  } else if (shape < 0.62) {
    const depth = pick([33, 100, 6000]);
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    text = random() < 0.2 ? nested : JSON.stringify(body).replace(/^\{/, `{"${pick(FIELDS)}":${nested},`);
    label += ` nested ${depth}`;
  } else if (shape < 0.67) {
    text = JSON.stringify({ ...body, pad: 'x'.repeat(64 * 1024) });
    label += ' oversized';
  } else if (shape < 0.72) {
    text = pick(['{not json', '', 'null', '[]', '"x"', '1', '{"a":1}}', '\u0000']);
    label += ' not an object';
  } else if (shape < 0.75) {
    text = '';
    label += ' latin1';
  } else {
    text = JSON.stringify(body);
    label += ' template';
  }
  let bytes =
    shape >= 0.72 && shape < 0.75 ? Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]) : Buffer.from(text, 'utf8');

  // The route and headers: mostly well signed, sometimes not.
  const kind =
    op.group === 'managed'
      ? 'USER'
      : op.group === 'master-platform' || op.group === 'master-detail'
        ? 'PLATFORM'
        : random() < 0.8
          ? 'ACCOUNT'
          : 'USER';
  let headers: Record<string, string> = await signRequest({
    method: 'POST',
    path,
    body: bytes,
    ...v3Credential(kind),
    timestamp: now,
    target: kind === 'USER' && op.group === 'account' ? LOJA : null,
  });
  if (roll < 0.05) {
    contentType = pick([undefined, 'text/plain', 'application/xml', 'application/json; charset=latin1', 'multipart/form-data']);
    label += ` content-type=${contentType ?? 'none'}`;
  } else if (roll < 0.1) {
    const { ['X-Signature']: _dropped, ...rest } = headers;
    headers = pick([
      rest,
      { ...headers, 'X-Signature': 'f'.repeat(64) },
      { ...headers, 'X-Timestamp': '1' },
      { ...headers, 'X-ISPB': '1' },
      { ...headers, 'X-Nonce': '!' },
    ]);
    label += ' bad signature headers';
  } else if (roll < 0.14) {
    path = pick(['/v1/tokens', '/v1/charges']);
    label = `${path}`;
    headers = {
      Authorization: pick([
        'Bearer pk_test_51LojaExemploActive0001',
        'Bearer pk_test_51LojaExemploRevoked0002',
        `Basic ${Buffer.from('sk_test_51LojaExemploSecret0001:').toString('base64')}`,
        'Basic !!',
        '',
      ]),
    };
    const card = { number: '4111111111111111', holderName: 'Ana', expirationMonth: '12', expirationYear: '2031', cvv: '123' };
    const field = pick(['number', 'holderName', 'expirationMonth', 'expirationYear', 'cvv']);
    const hostile = random() < 0.8 ? { card: { ...card, [field]: hostileValue(random) } } : hostileValue(random);
    bytes = Buffer.from(
      path === '/v1/tokens'
        ? JSON.stringify(hostile)
        : (JSON.stringify({
            amount: hostileValue(random),
            payment_method: 'credit_card',
            payment_details: { token: hostileValue(random) },
          }) ?? 'null'),
    );
  } else if (roll < 0.17) {
    path = pick(['/sandbox/clock/advance', '/sandbox/clock/set']);
    label = path;
    headers = random() < 0.5 ? { Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` } : {};
    bytes = Buffer.from(JSON.stringify({ ms: hostileValue(random), now: hostileValue(random) }) ?? 'null');
  } else if (roll < 0.19) {
    method = pick(['GET', 'PUT', 'DELETE']);
    path = pick([op.path, '/v3/nope', '/%ff', `/v3/${'a'.repeat(2000)}`, '/v3/transfers/details?a=\'"<>']);
    label = `${method} ${path.slice(0, 40)}`;
    bytes = method === 'GET' ? Buffer.alloc(0) : bytes;
  }
  if (contentType !== undefined && bytes.length > 0)
    headers = {
      'Content-Type': contentType,
      ...Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-type')),
    };
  if (contentType === undefined) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-type'));
  if (method === 'GET') chunked = false;
  return { method, path, headers, body: bytes, chunked, label };
}

/** One answer: status, headers and the body as text. */
export interface Answer {
  status: number;
  contentType: string | undefined;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** Sends one request to a loopback base URL (refuses anything else). */
export function send(baseUrl: string, r: HostileRequest): Promise<Answer> {
  const url = new URL(baseUrl);
  if (url.hostname !== '127.0.0.1') throw new Error('hostile requests only go to 127.0.0.1');
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        method: r.method,
        path: r.path,
        agent,
        headers: r.chunked ? r.headers : { ...r.headers, 'Content-Length': String(r.body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (r.chunked && r.body.length > 1) {
      req.write(r.body.subarray(0, r.body.length >> 1));
      req.end(r.body.subarray(r.body.length >> 1));
    } else {
      req.end(r.body);
    }
  });
}

/** What is wrong with an answer, or null: a 5xx, a stack trace, or a body that is not the §2.1 envelope. */
export function answerProblem(answer: Answer): string | null {
  if (answer.status >= 500) return `HTTP ${answer.status}`;
  if (/\n\s+at .+:\d+:\d+|node:internal|\.ts:\d+:\d+/.test(answer.text)) return 'stack trace in the body';
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return `not JSON: ${answer.text.slice(0, 80)}`;
  }
  const e = json as Record<string, unknown>;
  const ok =
    e !== null &&
    typeof e === 'object' &&
    (typeof e.code === 'number' || typeof e.code === 'string') &&
    typeof e.message === 'string' &&
    (e.data === null || (typeof e.data === 'object' && !Array.isArray(e.data))) &&
    Number.isSafeInteger(e.time);
  return ok ? null : `not an envelope: ${answer.text.slice(0, 120)}`;
}

/** Whether an answer says the request was accepted (state may then change). */
export function accepted(answer: Answer): boolean {
  try {
    return answer.status === 200 && (JSON.parse(answer.text) as { code?: unknown }).code === 200;
  } catch {
    return false;
  }
}

/** Closes the keep-alive connections. */
export function closeConnections(): void {
  agent.destroy();
}
