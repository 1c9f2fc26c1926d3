/**
 * The mistakes a new merchant makes with `tokenize` and the server helper,
 * one table of them, against the real sandbox and loopback servers over real
 * HTTP. Each case is diagnosed the same way: the error's exact name and its
 * code (the HTTP status, or the transport's error code), a message that
 * starts with what was tried, one attempt at most (no hidden retry, nothing
 * sent when the mistake is found first), nothing written to the console, and
 * no secret anywhere in the error. The element's mistakes are in
 * src/element/misconfiguration.browser.test.ts; docs/troubleshooting.md
 * lists the fixes.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { clientFor } from '../src/sandbox/v3/test-helpers.js';
import { createCharge } from '../src/server/charges.js';
import { tokenize } from '../src/tokenize/tokenize.js';
import { closedPort } from './closed-port.js';
import { CHARGE_CALL, SECRET_KEY, STATUS_CALL, assertNothingSecret, charge, failure } from './server/nothing-secret.js';
import { startRawServer } from './server/raw-servers.js';

const [merchant] = MERCHANTS;
const YEAR = String(new Date().getFullYear() + 5);
const card = { number: '4111 1111 1111 1111', holderName: 'Ana Silva', expirationMonth: '12', expirationYear: YEAR, cvv: '123' };
/** Someone else's secret key, or a revoked one: well-formed, unknown to the sandbox. */
const WRONG_SECRET = 'sk_test_51SomeoneElse0000';

/** Where the cases send: the sandbox, a port where nothing listens, and a server that takes requests and never answers. */
interface Places {
  sandbox: string;
  closed: string;
  silent: string;
}

interface Case {
  mistake: string;
  /** Makes the call, with `fetch` counting what it sends. */
  call(places: Places, fetch: typeof globalThis.fetch): Promise<unknown>;
  name: string;
  /** The HTTP status, or the transport error's code. */
  code?: number | string | RegExp;
  /** How the message starts, and what else it must say. */
  message: string | ((places: Places) => string);
  says?: string[];
  /** Requests sent: 0 when the mistake is found before sending. */
  sent: number;
}

/** A charge, and a v3 read sent once, with these settings. */
const createChargeAt = (baseUrl: string, fetch: typeof globalThis.fetch, extra: { secretKey?: string; timeoutMs?: number } = {}) =>
  createCharge({ baseUrl, secretKey: SECRET_KEY, fetch, ...extra }, charge);
const readAt = (baseUrl: string, fetch: typeof globalThis.fetch, timeoutMs?: number) =>
  clientFor('ACCOUNT', baseUrl, { maxReadRetries: 0, fetch, timeoutMs }).transfers.statusCheck({ txn_id: 't' });
const hostPort = (url: string) => new URL(url).host;

const CASES: Case[] = [
  {
    mistake: "a secret key as tokenize's public key",
    call: (at, fetch) => tokenize(card, { publicKey: merchant!.secretKey, baseUrl: at.sandbox, fetch }),
    name: 'AuthenticationError',
    message: 'tokenize(): this is your secret key: remove it from the page and rotate it, then use the public key',
    sent: 0,
  },
  {
    mistake: 'a public key as the server helper’s secretKey',
    call: (at, fetch) => createChargeAt(at.sandbox, fetch, { secretKey: merchant!.publicKey }),
    name: 'ConfigurationError',
    message: 'createCharge(): secretKey is missing or not a secret key (expected sk_test_… or sk_live_…); never use the public key here',
    sent: 0,
  },
  {
    mistake: 'a wrong secret key',
    call: (at, fetch) => createChargeAt(at.sandbox, fetch, { secretKey: WRONG_SECRET }),
    name: 'HttpStatusError',
    code: 401,
    message: `${CHARGE_CALL}: the server refused the credential (HTTP 401)`,
    // Redaction leaves the scheme of the hint, and the sandbox's own words, whole.
    says: ['"Authorization: Basic base64(<secret key>:)"', 'The server said: "The secret key is missing or unknown'],
    sent: 1,
  },
  {
    mistake: 'a baseUrl with the wrong path: a charge',
    call: (at, fetch) => createChargeAt(`${at.sandbox}/pay`, fetch),
    name: 'HttpStatusError',
    code: 404,
    message: 'charges.create (POST /pay/v1/charges) failed with HTTP 404. Check baseUrl',
    sent: 1,
  },
  {
    mistake: 'a baseUrl with the wrong path: a v3 call',
    call: (at, fetch) => readAt(`${at.sandbox}/pay`, fetch),
    name: 'HttpStatusError',
    code: 404,
    message: 'transfers.statusCheck (POST /pay/v3/transfers/status/check) failed with HTTP 404',
    sent: 1,
  },
  ...(
    [
      ['a charge', CHARGE_CALL, createChargeAt],
      ['a v3 call', STATUS_CALL, (url: string, fetch: typeof globalThis.fetch) => readAt(url, fetch)],
    ] as const
  ).flatMap(([kind, call, start]): Case[] => [
    {
      mistake: `nothing listens at baseUrl: ${kind}`,
      call: (at, fetch) => start(at.closed, fetch),
      name: 'NetworkError',
      code: 'ECONNREFUSED',
      message: (at) => `${call} could not reach ${hostPort(at.closed)} (ECONNREFUSED)`,
      sent: 1,
    },
    {
      // .invalid never resolves (RFC 2606); offline, the resolver may say EAI_AGAIN instead of ENOTFOUND.
      mistake: `a baseUrl whose name does not resolve: ${kind}, the default port written out`,
      call: (_at, fetch) => start('https://pay.invalid', fetch),
      name: 'NetworkError',
      code: /^(ENOTFOUND|EAI_AGAIN)$/,
      message: `${call} could not reach pay.invalid:443 (`,
      sent: 1,
    },
  ]),
  {
    mistake: 'no answer in time: a charge',
    call: (at, fetch) => createChargeAt(at.silent, fetch, { timeoutMs: 100 }),
    name: 'TimeoutError',
    message: (at) => `${CHARGE_CALL} got no response from ${hostPort(at.silent)} within 100 ms`,
    sent: 1,
  },
  {
    mistake: 'no answer in time: a v3 call',
    call: (at, fetch) => readAt(at.silent, fetch, 100),
    name: 'TimeoutError',
    message: (at) => `${STATUS_CALL} got no response from ${hostPort(at.silent)} within 100 ms`,
    sent: 1,
  },
];

/** Runs `call` with everything the package writes to the console recorded. */
async function quietly<T>(call: () => Promise<T>): Promise<{ result: T; printed: string[] }> {
  const printed: string[] = [];
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const saved = methods.map((method) => console[method]);
  for (const method of methods) console[method] = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
  try {
    return { result: await call(), printed };
  } finally {
    methods.forEach((method, i) => (console[method] = saved[i]!));
  }
}

describe('misconfiguration: each mistake of tokenize and the server helper, diagnosed once', () => {
  let sandbox: Sandbox;
  let silent: Awaited<ReturnType<typeof startRawServer>>;
  let places: Places;
  before(async () => {
    sandbox = await createSandbox();
    // Takes every request and never answers.
    silent = await startRawServer(() => {});
    places = { sandbox: sandbox.url, closed: `http://127.0.0.1:${await closedPort()}`, silent: silent.url };
  });
  after(async () => {
    await silent.close();
    await sandbox.close();
  });

  for (const c of CASES) {
    it(`${c.mistake}: ${c.name}${c.code ? ` ${c.code}` : ''}`, async () => {
      let sent = 0;
      const counting: typeof globalThis.fetch = (...args) => {
        sent++;
        return globalThis.fetch(...args);
      };
      const { result: error, printed } = await quietly(() => failure(c.call(places, counting)));
      assert.equal(error.name, c.name, error.message);
      if (c.code !== undefined) {
        const code = (error as { status?: number }).status ?? (error.cause as { code?: string } | undefined)?.code;
        if (c.code instanceof RegExp) assert.match(String(code), c.code);
        else assert.equal(code, c.code);
      }
      const start = typeof c.message === 'string' ? c.message : c.message(places);
      assert.ok(error.message.startsWith(start), error.message);
      for (const words of c.says ?? []) assert.ok(error.message.includes(words), error.message);
      assert.doesNotMatch(error.message, /\[redacted\]/);
      assert.equal(sent, c.sent, 'requests sent');
      assert.deepEqual(printed, []);
      assertNothingSecret(error, [WRONG_SECRET, merchant!.secretKey]);
    });
  }
});
