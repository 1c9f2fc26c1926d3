/**
 * `checkoutHandler` as a merchant runs it: behind `node:http` through
 * `toNodeHandler`, talking to a real sandbox over HTTP, with an order store
 * of its own. Each test reads the sandbox's own record of what happened (its
 * charges and its request log), so "one charge" and "no call to the
 * service" are the sandbox's word, not the handler's.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { Hono } from 'hono';
import express from 'express';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { createClock } from '../src/sandbox/clock.js';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { v3Credential } from '../src/sandbox/v3/fixtures.js';
import { SANDBOX_ADMIN_TOKEN } from '../src/sandbox/routes/clock-control.js';
import { tokenize } from '../src/core.js';
import { installmentOptions } from '../src/card/installments.js';
import { parsePixStatusAnswer } from '../src/pix/pix-status.js';
import { POLL_TIMEOUT_MS } from '../src/pix/poll-schedule.js';
import { PAID_ANSWER_WAIT_MS } from '../src/server/checkout/pix.js';
import {
  checkoutHandler,
  ConfigurationError,
  InstallmentConfigError,
  pixStatusUrl,
  readCardAnswer,
  readCheckoutError,
  readPixCode,
  TimeoutError,
  toNodeHandler,
  type CheckoutFailure,
  type CheckoutHandlerOptions,
  type CheckoutOrder,
  type CheckoutPayment,
  type PixCode,
} from '../src/server/index.js';

const POLICY = { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 } as const;
const PRICE = 12990;
const CPF = '123.456.789-09';
const REFERENCE_SECRET = 'ref_test_4f9a2c7e1b6d3a8f5c0e9b2d7a4f1c6e';
const { secretKey, publicKey } = MERCHANTS[0]!;
const ACCOUNT = v3Credential('ACCOUNT');
const CREDENTIAL = { clientId: ACCOUNT.clientId, secret: ACCOUNT.secret, kind: 'ACCOUNT' as const };
const FUTURE_YEAR = String(new Date().getFullYear() + 5);
const card = (number: string) => ({ number, holderName: 'Ana Silva', expirationMonth: '12', expirationYear: FUTURE_YEAR, cvv: '123' });

let sandbox: Sandbox;
/** The merchant's store. */
const orders = new Map<string, CheckoutOrder>();
const paid: CheckoutPayment[] = [];
const failures: { error: unknown; step: string }[] = [];
/** Every body the handler answered, to look for secrets at the end. */
const answered: string[] = [];
const tokens = new Set<string>();
let nextOrder = 1;

function newOrder(amount = PRICE, extra: Partial<CheckoutOrder> = {}): string {
  const id = `pedido-${nextOrder++}`;
  orders.set(id, { id, amount, description: 'Curso de fotografia', paid: false, ...extra });
  return id;
}

function options(overrides: Partial<CheckoutHandlerOptions> = {}): CheckoutHandlerOptions {
  return {
    baseUrl: sandbox.url,
    secretKey,
    credential: CREDENTIAL,
    referenceSecret: REFERENCE_SECRET,
    installments: POLICY,
    order: (id) => orders.get(id),
    onPaid: (payment) => {
      paid.push(payment);
      orders.get(payment.orderId)!.paid = true;
    },
    onError: (error, where) => failures.push({ error, step: where.step }),
    // Signatures and expiries on the sandbox's clock, which the Pix tests move.
    now: () => sandbox.clock.now(),
    ...overrides,
  };
}

/** Listens on a free loopback port; resolves with its base address. */
async function listening(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Serves a handler over node:http, as a merchant's backend would; resolves with its checkout endpoint. */
async function serve(handler: ReturnType<typeof checkoutHandler>): Promise<{ endpoint: string; server: Server }> {
  const server = createServer(toNodeHandler(handler));
  return { endpoint: `${await listening(server)}/api/checkout`, server };
}

const servers: Server[] = [];
let endpoint: string;

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

async function send(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  answered.push(text);
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, headers: response.headers };
}

function post(route: string, body: unknown, headers: Record<string, string> = {}, at = endpoint): Promise<Answer> {
  return send(`${at}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function newToken(number = '4111111111111111'): Promise<string> {
  const { token } = await tokenize(card(number), { baseUrl: sandbox.url, publicKey });
  tokens.add(token);
  return token;
}

/** The sandbox's charges, as its state route shows them. */
async function charges(): Promise<{ id: string; amount_centavos: number; installments: number; status: string }[]> {
  const state = (await (await fetch(`${sandbox.url}/sandbox/state`)).json()) as { charges: never[] };
  return state.charges;
}

/** How many requests the sandbox has answered (its console's log; the console's own routes are not in it). */
async function requestsSeen(): Promise<number> {
  const log = (await (await fetch(`${sandbox.url}/sandbox/console/requests`)).json()) as { entries: unknown[] };
  return log.entries.length;
}

async function admin(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { code: unknown; data: Record<string, unknown> };
  assert.equal(json.code, 200, JSON.stringify(json));
  return json.data;
}

/** The path a `fetch` given to the handler is asked for. */
const pathOf = (input: Parameters<typeof fetch>[0]) => new URL(input instanceof Request ? input.url : String(input)).pathname;

const sixOf = (amount: number) => installmentOptions({ amount, ...POLICY }).find((option) => option.count === 6)!;

before(async () => {
  // Frozen: it moves only when a test moves it, so expiries can be compared exactly.
  sandbox = await createSandbox({ clock: createClock({ frozenAt: Date.now() }) });
  const served = await serve(checkoutHandler(options()));
  servers.push(served.server);
  endpoint = served.endpoint;
});
after(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  await sandbox.close();
});

describe('card', () => {
  it('6x with a CPF: approved, and the sandbox holds one charge of the order’s amount recomputed by the plan', async () => {
    const orderId = newOrder();
    const before = await charges();
    const { status, body } = await post('/card', { orderId, token: await newToken(), installments: 6, taxId: CPF });
    assert.equal(status, 200, JSON.stringify(body));
    const six = sixOf(PRICE);
    const approved = readCardAnswer(body);
    assert.ok(approved && approved.outcome === 'approved', 'the protocol’s reader takes it');
    assert.deepEqual(
      { ...approved, chargeId: typeof approved.chargeId },
      {
        outcome: 'approved',
        orderId,
        chargeId: 'string',
        installments: 6,
        installment: six.installment,
        firstInstallment: six.firstInstallment,
        total: six.total,
        interestFree: false,
      },
    );
    const added = (await charges()).slice(0, -before.length || undefined);
    assert.deepEqual(
      added.map((c) => [c.id, c.amount_centavos, c.installments, c.status]),
      [[approved.chargeId, six.total, 6, 'approved']],
    );
    assert.ok(six.total > PRICE, 'with interest, so the plan did the work');
    assert.deepEqual(
      paid.filter((p) => p.orderId === orderId),
      [
        {
          method: 'card',
          orderId,
          id: approved.chargeId,
          amount: six.total,
          installments: 6,
          installment: six.installment,
          interestFree: false,
        },
      ],
    );
  });

  it('a page that posts amount 1 (or a total of 1) is charged the order’s real amount', async () => {
    const orderId = newOrder(25000);
    const before = (await charges()).length;
    const { status, body } = await post('/card', { orderId, token: await newToken(), installments: 1, taxId: CPF, amount: 1, total: 1 });
    assert.equal(status, 200, JSON.stringify(body));
    const [charge] = await charges();
    assert.equal((await charges()).length, before + 1);
    assert.deepEqual([charge!.amount_centavos, charge!.installments], [25000, 1]);
    assert.equal((body as { total: number }).total, 25000);
  });

  it('an order whose description is null (an empty column) is paid by card, and gets a Pix code', async () => {
    const orderId = newOrder(PRICE, { description: null });
    const before = (await charges()).length;
    const card = await post('/card', { orderId, token: await newToken(), installments: 1, taxId: CPF });
    assert.equal(card.status, 200, JSON.stringify(card.body));
    assert.equal((await charges()).length, before + 1);
    const pix = await post('/pix', { orderId: newOrder(PRICE, { description: null }) });
    assert.equal(pix.status, 200, JSON.stringify(pix.body));
    assert.ok(readPixCode(pix.body), JSON.stringify(pix.body));
  });

  it('a replayed post charges nothing more: already paid', async () => {
    const orderId = newOrder();
    const post1 = { orderId, token: await newToken(), installments: 2, taxId: CPF };
    const before = (await charges()).length;
    assert.equal((await post('/card', post1)).status, 200);
    const replay = await post('/card', post1);
    assert.equal(replay.status, 409);
    assert.equal(readCheckoutError(replay.body)?.error, 'already_paid');
    assert.equal((await charges()).length, before + 1);
  });

  it('a double click (two posts at once) makes one charge', async () => {
    const orderId = newOrder();
    const body = { orderId, token: await newToken(), installments: 3, taxId: CPF };
    const before = (await charges()).length;
    const answers = await Promise.all([post('/card', body), post('/card', body)]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409]);
    assert.equal((await charges()).length, before + 1);
    assert.equal(paid.filter((p) => p.orderId === orderId).length, 1);
  });

  it('a second post while the first is still being charged is told a payment is in progress, and waits for nothing', async () => {
    let arrived!: () => void;
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const served = await serve(
      checkoutHandler(
        options({
          // The first look-up is held until the second post has its answer.
          order: async (id) => {
            arrived();
            await gate;
            return orders.get(id);
          },
        }),
      ),
    );
    servers.push(served.server);
    const orderId = newOrder();
    const body = { orderId, token: await newToken(), installments: 1, taxId: CPF };
    const before = (await charges()).length;
    const first = post('/card', body, {}, served.endpoint);
    await firstArrived;
    const second = await post('/card', body, {}, served.endpoint);
    assert.deepEqual([second.status, readCheckoutError(second.body)?.error], [409, 'payment_in_progress']);
    release();
    assert.equal((await first).status, 200);
    assert.equal((await charges()).length, before + 1);
  });

  it('an order already paid, or unknown, is refused before the service is asked', async () => {
    const paidOrder = newOrder(PRICE, { paid: true });
    const token = await newToken();
    const seen = await requestsSeen();
    const already = await post('/card', { orderId: paidOrder, token, installments: 1, taxId: CPF });
    assert.deepEqual([already.status, readCheckoutError(already.body)?.error], [409, 'already_paid']);
    const unknown = await post('/card', { orderId: 'pedido-que-nao-existe', token, installments: 1, taxId: CPF });
    assert.deepEqual([unknown.status, readCheckoutError(unknown.body)?.error], [404, 'unknown_order']);
    assert.equal(await requestsSeen(), seen);
  });

  it('declined: the reason in the shopper’s language, and the order stays payable', async () => {
    const orderId = newOrder();
    const declined = await post('/card', { orderId, token: await newToken('4000000000000002'), installments: 1, taxId: CPF });
    assert.equal(declined.status, 402);
    assert.deepEqual(readCardAnswer(declined.body), {
      outcome: 'declined',
      orderId,
      reason: 'card_declined',
      message: 'O cartão foi recusado. Tente outro cartão ou pague com Pix.',
    });
    const poor = await post(
      '/card',
      { orderId, token: await newToken('4000000000009995'), installments: 1, taxId: CPF },
      { 'accept-language': 'en-US,en;q=0.9,pt;q=0.5' },
    );
    assert.deepEqual(readCardAnswer(poor.body), {
      outcome: 'declined',
      orderId,
      reason: 'insufficient_funds',
      message: 'Insufficient funds or credit limit. Try another card or pay with Pix.',
    });
    const approved = await post('/card', { orderId, token: await newToken(), installments: 1, taxId: CPF, locale: 'en' });
    assert.equal(approved.status, 200);
  });

  it('a count outside the plan, a bad CPF or a missing one is refused, naming the field, with no charge', async () => {
    const orderId = newOrder(1499); // R$ 14,99: 3x would be R$ 4,99, under the R$ 5,00 minimum
    const token = await newToken();
    const seen = await requestsSeen();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ installments: 3, taxId: CPF }, 422, 'installments_not_offered', 'installments'],
      [{ installments: 13, taxId: CPF }, 422, 'installments_not_offered', 'installments'],
      [{ installments: 1, taxId: '123.456.789-00' }, 422, 'tax_id_invalid', 'taxId'],
      [{ installments: 1 }, 400, 'invalid_request', 'taxId'],
      [{ installments: 1.5, taxId: CPF }, 400, 'invalid_request', 'installments'],
    ];
    for (const [fields, status, error, field] of cases) {
      const got = await post('/card', { orderId, token, ...fields });
      assert.deepEqual(
        [got.status, readCheckoutError(got.body)?.error, readCheckoutError(got.body)?.field],
        [status, error, field],
        JSON.stringify(fields),
      );
    }
    assert.equal(await requestsSeen(), seen);
  });

  it('across processes: two handlers sharing a store’s atomic claim make one charge; a decline gives the claim back', async () => {
    const { claimed, store } = sharedStore();
    const a = await serve(checkoutHandler(options(store)));
    const b = await serve(checkoutHandler(options(store)));
    servers.push(a.server, b.server);

    const orderId = newOrder();
    const body = { orderId, token: await newToken('4000000000000002'), installments: 1, taxId: CPF };
    assert.equal((await post('/card', body, {}, a.endpoint)).status, 402);
    assert.equal(claimed.has(orderId), false, 'released after the decline');

    const good = { ...body, token: await newToken() };
    const before = (await charges()).length;
    const answers = await Promise.all([post('/card', good, {}, a.endpoint), post('/card', good, {}, b.endpoint)]);
    assert.deepEqual(answers.map((x) => x.status).sort(), [200, 409]);
    assert.equal((await charges()).length, before + 1);
  });

  it('a charge that never left (connection refused) charged nothing: 503, onError hears it, the order is given back', async () => {
    // A port nothing listens on: the connection is refused before any byte of the charge is sent.
    const closed = createServer();
    const baseUrl = await listening(closed);
    await new Promise<void>((done) => closed.close(() => done()));
    const { claimed, store } = sharedStore();
    const down = await serve(checkoutHandler(options({ ...store, baseUrl })));
    servers.push(down.server);
    const orderId = newOrder();
    const body = { orderId, token: await newToken(), installments: 1, taxId: CPF };
    const heard = failures.length;

    const first = await post('/card', body, {}, down.endpoint);
    assert.equal(first.status, 503);
    assert.equal((first.body as { error: string }).error, 'service_unavailable');
    assert.equal(claimed.has(orderId), false, 'the claim is released: nothing was charged');
    const reported = failures.slice(heard);
    assert.equal(reported.length, 1);
    assert.equal(reported[0]!.step, 'charge');
    assert.match((reported[0]!.error as Error).message, /ECONNREFUSED.*check baseUrl/);

    // The order is not held as maybe paid: the card and Pix both try the service again.
    assert.equal((await post('/card', body, {}, down.endpoint)).status, 503);
    // Two tabs at once share one attempt at a code, and each gets the refusal. This process runs Hono's Node
    // adapter (the sandbox), which replaces the global Response: a shared refusal once came back as a 200.
    const pix = await Promise.all([post('/pix', { orderId }, {}, down.endpoint), post('/pix', { orderId }, {}, down.endpoint)]);
    assert.deepEqual(
      pix.map((answer) => [answer.status, (answer.body as { error?: string }).error]),
      [
        [503, 'service_unavailable'],
        [503, 'service_unavailable'],
      ],
    );
  });

  it('a charge the service refuses for the shop’s own mistake is told to onError too: another account’s key, a wrong baseUrl', async () => {
    // The page's public key and the handler's secret key belong to two merchants: every token is unknown to the charge.
    const otherAccount = await serve(checkoutHandler(options({ secretKey: MERCHANTS[1]!.secretKey })));
    // A baseUrl with a path the service does not have: the charge's address answers 404.
    const wrongPath = await serve(checkoutHandler(options({ baseUrl: `${sandbox.url}/v1` })));
    servers.push(otherAccount.server, wrongPath.server);
    for (const [at, error, status] of [
      [otherAccount.endpoint, 'token_refused', 422],
      [wrongPath.endpoint, 'charge_refused', 404],
    ] as const) {
      const orderId = newOrder();
      const heard = failures.length;
      const refused = await post('/card', { orderId, token: await newToken(), installments: 1, taxId: CPF }, {}, at);
      assert.equal(refused.status, 422, error);
      assert.equal((refused.body as { error: string }).error, error);
      const reported = failures.slice(heard);
      assert.equal(reported.length, 1, `${error}: onError hears it once`);
      assert.equal(reported[0]!.step, 'charge');
      assert.equal((reported[0]!.error as { status?: number }).status, status, error);
    }
  });

  it('a charge sent with no answer back may have charged: 504 outcome_unknown, and the order stays taken', async () => {
    // A service that reads the whole charge and hangs up without a word.
    const mute = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.socket?.destroy());
    });
    const baseUrl = await listening(mute);
    servers.push(mute);
    const { claimed, store } = sharedStore();
    const lost = await serve(checkoutHandler(options({ ...store, baseUrl })));
    servers.push(lost.server);
    const orderId = newOrder();
    const body = { orderId, token: await newToken(), installments: 1, taxId: CPF };

    const first = await post('/card', body, {}, lost.endpoint);
    assert.equal(first.status, 504);
    assert.equal((first.body as { error: string }).error, 'outcome_unknown');
    assert.equal(claimed.has(orderId), true, 'the claim stays until the merchant reconciles');
    for (const route of ['/card', '/pix']) {
      const again = await post(route, route === '/card' ? body : { orderId }, {}, lost.endpoint);
      assert.equal(again.status, 409, route);
      assert.equal((again.body as { error: string }).error, 'payment_unconfirmed', route);
    }
  });

  it('an onError that throws or rejects changes no answer, and leaves no unhandled rejection', { timeout: 10_000 }, async (t) => {
    const rejections: unknown[] = [];
    const heard = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', heard);
    try {
      const reporters: CheckoutHandlerOptions['onError'][] = [
        () => {
          throw new Error('the log service is down');
        },
        async () => {
          throw new Error('the log service is down');
        },
      ];
      for (const onError of reporters) {
        const served = await serve(
          checkoutHandler(
            options({
              order: () => {
                throw new Error('the database is down');
              },
              onError,
            }),
          ),
        );
        servers.push(served.server);
        const body = { orderId: newOrder(), token: await newToken(), installments: 1, taxId: CPF };
        // Unanswered, the test ends at its timeout, and its signal closes the connection so the server can close.
        const got = await send(`${served.endpoint}/card`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: t.signal,
        });
        assert.deepEqual([got.status, readCheckoutError(got.body)?.error], [500, 'internal_error']);
      }
      // A rejection is reported once the microtasks after it have run; one macrotask later it has been.
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(rejections, []);
    } finally {
      process.off('unhandledRejection', heard);
    }
  });

  it('an onPaid that throws does not undo the charge: the shopper is told approved, onError hears of it', async () => {
    const served = await serve(
      checkoutHandler(
        options({
          onPaid: () => {
            throw new Error('the database is down');
          },
        }),
      ),
    );
    servers.push(served.server);
    const orderId = newOrder();
    const got = await post('/card', { orderId, token: await newToken(), installments: 1, taxId: CPF }, {}, served.endpoint);
    assert.equal(got.status, 200);
    assert.ok(failures.some((f) => f.step === 'onPaid' && (f.error as Error).message === 'the database is down'));
    // Remembered in this process, even though the store was not told.
    assert.equal((await post('/card', { orderId, token: await newToken(), installments: 1, taxId: CPF }, {}, served.endpoint)).status, 409);
  });
});

/** A store call that never settles: a stuck database. */
const hung = () => new Promise<never>(() => {});
/** A short bound, so a hung call is given up on at once; a call that settles does so in microtasks, before any timer. */
const STORE_TIMEOUT_MS = 50;

/** An `onError` that keeps what it hears, with `where` whole. */
function reporter(): { onError: NonNullable<CheckoutHandlerOptions['onError']>; heard: { error: unknown; where: CheckoutFailure }[] } {
  const heard: { error: unknown; where: CheckoutFailure }[] = [];
  return { onError: (error, where) => void heard.push({ error, where }), heard };
}

/** What onError heard, as [route, step, orderId, the bound when it was a store call given up on]. */
const steps = (heard: { error: unknown; where: CheckoutFailure }[]) =>
  heard.map(({ error, where }) => [
    where.route,
    where.step,
    where.orderId,
    error instanceof TimeoutError ? error.timeoutMs : String(error),
  ]);

/** A store shared by handlers as processes share one: an atomic claim, and a release that frees the order and calls `released`. */
function sharedStore(released: () => void = () => {}) {
  const claimed = new Set<string>();
  const store = {
    claim: (id: string) => (claimed.has(id) ? false : (claimed.add(id), true)),
    release: (id: string) => {
      released();
      claimed.delete(id);
    },
  };
  return { claimed, store };
}

/** A `fetch` whose charge is held on its way to the service: `sent` resolves once it is, `open()` lets it through. */
function heldCharge(): { fetch: typeof fetch; sent: Promise<void>; open: () => void } {
  let charging!: () => void;
  const sent = new Promise<void>((resolve) => (charging = resolve));
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    fetch: async (input, init) => {
      charging();
      await gate;
      return fetch(input, init);
    },
    sent,
    open,
  };
}

describe('a store that does not answer', () => {
  // Each request may hang when the handler does not bound the store: the test's signal then closes it at the test's timeout.
  const within = (t: { signal: AbortSignal }, url: string, body: unknown, method = 'POST') =>
    send(url, {
      method,
      signal: t.signal,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });

  it(
    'a hung order() is answered internal_error after storeTimeoutMs, card and Pix, and the card payment lets go of the order',
    { timeout: 10_000 },
    async (t) => {
      let stuck = true;
      const { onError, heard } = reporter();
      const served = await serve(
        checkoutHandler(options({ storeTimeoutMs: STORE_TIMEOUT_MS, onError, order: (id) => (stuck ? hung() : orders.get(id)) })),
      );
      servers.push(served.server);
      const orderId = newOrder();
      const body = { orderId, token: await newToken(), installments: 1, taxId: CPF };
      const seen = await requestsSeen();
      const card = await within(t, `${served.endpoint}/card`, body);
      assert.deepEqual([card.status, readCheckoutError(card.body)?.error], [500, 'internal_error']);
      const pix = await within(t, `${served.endpoint}/pix`, { orderId });
      assert.deepEqual([pix.status, readCheckoutError(pix.body)?.error], [500, 'internal_error']);
      assert.equal(await requestsSeen(), seen, 'nothing reached the service');
      assert.deepEqual(steps(heard), [
        ['card', 'order', orderId, STORE_TIMEOUT_MS],
        ['pix', 'order', orderId, STORE_TIMEOUT_MS],
      ]);
      // The first payment's look-up never settles, yet the order is not held in this process.
      stuck = false;
      assert.equal((await within(t, `${served.endpoint}/card`, body)).status, 200);
    },
  );

  it(
    'a claim that settles after storeTimeoutMs: internal_error and no charge; neither a late true nor a late false is released, and onError hears of the late true',
    { timeout: 10_000 },
    async (t) => {
      const claimed = new Set<string>();
      /** Order ID → how to settle its first, hung claim (true: the store took the order after all). */
      const late = new Map<string, (took: boolean) => void>();
      const released: string[] = [];
      const { onError: keep, heard } = reporter();
      // The late true's outcome, reported or released.
      let heardLateTrue!: () => void;
      const lateTrueHeard = new Promise<void>((resolve) => (heardLateTrue = resolve));
      const served = await serve(
        checkoutHandler(
          options({
            storeTimeoutMs: STORE_TIMEOUT_MS,
            onError: (error, where) => {
              keep(error, where);
              if (!(error instanceof TimeoutError)) heardLateTrue();
            },
            claim: (id) => {
              if (late.has(id) || claimed.has(id)) return false;
              return new Promise<boolean>((resolve) =>
                late.set(id, (took) => {
                  if (took) claimed.add(id);
                  resolve(took);
                }),
              );
            },
            release: (id) => {
              claimed.delete(id);
              released.push(id);
              heardLateTrue();
            },
          }),
        ),
      );
      servers.push(served.server);
      const tookLate = newOrder();
      const refusedLate = newOrder();
      const before = (await charges()).length;
      for (const orderId of [refusedLate, tookLate]) {
        const got = await within(t, `${served.endpoint}/card`, { orderId, token: await newToken(), installments: 1, taxId: CPF });
        assert.deepEqual([got.status, readCheckoutError(got.body)?.error], [500, 'internal_error']);
      }
      assert.equal((await charges()).length, before, 'no charge without a claim');
      // Settled in this order, so a report of the late false would come before the late true's.
      late.get(refusedLate)!(false);
      late.get(tookLate)!(true);
      await lateTrueHeard;
      assert.deepEqual(steps(heard).slice(0, 2), [
        ['card', 'claim', refusedLate, STORE_TIMEOUT_MS],
        ['card', 'claim', tookLate, STORE_TIMEOUT_MS],
      ]);
      assert.equal(heard.length, 3, 'the late false is not reported');
      assert.deepEqual([heard[2]!.where, heard[2]!.error instanceof Error], [{ route: 'card', step: 'claim', orderId: tookLate }, true]);
      assert.match((heard[2]!.error as Error).message, /claim\(\) returned true after storeTimeoutMs.*not released.*reconcile/);
      assert.deepEqual(released, [], 'a late answer is no proof the store still holds this request’s claim');
      // The store holds the order until the merchant reconciles it: a card payment is told so, and nothing is charged.
      const again = await within(t, `${served.endpoint}/card`, { orderId: tookLate, token: await newToken(), installments: 1, taxId: CPF });
      assert.deepEqual([again.status, readCheckoutError(again.body)?.error], [409, 'payment_in_progress']);
      assert.equal((await charges()).length, before);
    },
  );

  it(
    'a late true from a claim the merchant already reconciled frees nothing: another process’s payment keeps its hold, and one charge is made',
    { timeout: 10_000 },
    async (t) => {
      let releases = 0;
      // The late true's outcome, reported or released.
      let heardLateTrue!: () => void;
      const lateTrueHeard = new Promise<void>((resolve) => (heardLateTrue = resolve));
      const { claimed, store } = sharedStore(() => {
        releases++;
        heardLateTrue();
      });
      // Process 1: its claim is applied, but the answer is held (a stalled connection) past the bound.
      let answerLate!: () => void;
      const one = await serve(
        checkoutHandler(
          options({
            ...store,
            storeTimeoutMs: STORE_TIMEOUT_MS,
            onError: (error) => {
              if (!(error instanceof TimeoutError)) heardLateTrue();
            },
            claim: (id) => {
              store.claim(id);
              return new Promise<boolean>((resolve) => (answerLate = () => resolve(true)));
            },
          }),
        ),
      );
      // Process 2 holds the claim while its charge is held on the way to the service.
      const held = heldCharge();
      const two = await serve(checkoutHandler(options({ ...store, fetch: held.fetch })));
      const three = await serve(checkoutHandler(options(store)));
      servers.push(one.server, two.server, three.server);

      const orderId = newOrder();
      const body = { orderId, token: await newToken(), installments: 1, taxId: CPF };
      const before = (await charges()).length;
      assert.equal((await within(t, `${one.endpoint}/card`, body)).status, 500);
      // The merchant reconciles as docs/checkout.md says: claimed, not paid, no charge at the provider.
      claimed.delete(orderId);
      const second = within(t, `${two.endpoint}/card`, body);
      await held.sent;
      answerLate();
      await lateTrueHeard;
      // Released, process 2's claim would be gone, and this third payment would charge the order again.
      const third = await within(t, `${three.endpoint}/card`, body);
      assert.deepEqual([third.status, readCheckoutError(third.body)?.error], [409, 'payment_in_progress']);
      held.open();
      assert.equal((await second).status, 200);
      assert.equal((await charges()).length, before + 1);
      assert.equal(releases, 0);
    },
  );

  it(
    'a claim that throws is not released: a payment under way in another process keeps its hold, and one charge is made',
    { timeout: 10_000 },
    async (t) => {
      let releases = 0;
      const { store } = sharedStore(() => releases++);
      // Process 1 holds the claim while its charge is held on the way to the service.
      const held = heldCharge();
      const one = await serve(checkoutHandler(options({ ...store, fetch: held.fetch })));
      // Process 2's store fails mid-claim (a dropped connection): it cannot say whose claim the store holds.
      const { onError, heard } = reporter();
      const two = await serve(
        checkoutHandler(
          options({
            onError,
            claim: () => {
              throw new Error('the connection to the database was lost');
            },
            release: store.release,
          }),
        ),
      );
      const three = await serve(checkoutHandler(options(store)));
      servers.push(one.server, two.server, three.server);

      const orderId = newOrder();
      const body = { orderId, token: await newToken(), installments: 1, taxId: CPF };
      const before = (await charges()).length;
      const first = within(t, `${one.endpoint}/card`, body);
      await held.sent;
      const failed = await within(t, `${two.endpoint}/card`, body);
      assert.deepEqual([failed.status, readCheckoutError(failed.body)?.error], [500, 'internal_error']);
      assert.deepEqual(steps(heard), [['card', 'claim', orderId, 'Error: the connection to the database was lost']]);
      // Released, process 1's claim would be gone, and this third payment would charge the order again.
      const third = await within(t, `${three.endpoint}/card`, body);
      assert.deepEqual([third.status, readCheckoutError(third.body)?.error], [409, 'payment_in_progress']);
      held.open();
      assert.equal((await first).status, 200);
      assert.equal((await charges()).length, before + 1);
      assert.equal(releases, 0);
    },
  );

  it(
    'a hung release after a decline: the shopper is told declined, onError hears of it, and this process lets go of the order',
    { timeout: 10_000 },
    async (t) => {
      const claimed = new Set<string>();
      let claims = 0;
      const { onError, heard } = reporter();
      const served = await serve(
        checkoutHandler(
          options({
            storeTimeoutMs: STORE_TIMEOUT_MS,
            onError,
            claim: (id) => (claims++, claimed.has(id) ? false : (claimed.add(id), true)),
            release: hung,
          }),
        ),
      );
      servers.push(served.server);
      const orderId = newOrder();
      const declined = await within(t, `${served.endpoint}/card`, {
        orderId,
        token: await newToken('4000000000000002'),
        installments: 1,
        taxId: CPF,
      });
      assert.equal(declined.status, 402);
      assert.equal(readCardAnswer(declined.body)?.outcome, 'declined');
      assert.deepEqual(steps(heard), [['card', 'release', orderId, STORE_TIMEOUT_MS]]);
      // The store still holds the order (its release never ran), and says so; this process no longer does.
      const again = await within(t, `${served.endpoint}/card`, { orderId, token: await newToken(), installments: 1, taxId: CPF });
      assert.deepEqual([again.status, readCheckoutError(again.body)?.error, claims], [409, 'payment_in_progress', 2]);
    },
  );

  it(
    'a hung onPaid after a charge: the shopper is told approved, onError hears of it, and the order stays paid',
    { timeout: 10_000 },
    async (t) => {
      const { onError, heard } = reporter();
      const served = await serve(checkoutHandler(options({ storeTimeoutMs: STORE_TIMEOUT_MS, onError, onPaid: hung })));
      servers.push(served.server);
      const orderId = newOrder();
      const before = (await charges()).length;
      const got = await within(t, `${served.endpoint}/card`, { orderId, token: await newToken(), installments: 1, taxId: CPF });
      assert.equal(got.status, 200);
      assert.equal(readCardAnswer(got.body)?.outcome, 'approved');
      assert.equal((await charges()).length, before + 1);
      assert.deepEqual(steps(heard), [['card', 'onPaid', orderId, STORE_TIMEOUT_MS]]);
      const replay = await within(t, `${served.endpoint}/card`, { orderId, token: await newToken(), installments: 1, taxId: CPF });
      assert.deepEqual([replay.status, readCheckoutError(replay.body)?.error], [409, 'already_paid']);
    },
  );

  it(
    'a hung onPaid on a Pix status poll: polls read paid and start no second onPaid; a late throw is retried by the next poll, a late success is remembered',
    { timeout: 10_000 },
    async (t) => {
      /** Each call to onPaid, with how to settle it. */
      const calls: { settle: (failure?: Error) => void }[] = [];
      let inFlight = 0;
      let most = 0;
      const { onError, heard } = reporter();
      const served = await serve(
        checkoutHandler(
          options({
            storeTimeoutMs: STORE_TIMEOUT_MS,
            onError,
            onPaid: () => {
              most = Math.max(most, ++inFlight);
              return new Promise<void>((resolve, reject) =>
                calls.push({ settle: (failure) => (inFlight--, failure ? reject(failure) : resolve()) }),
              );
            },
          }),
        ),
      );
      servers.push(served.server);
      const orderId = newOrder(2590);
      const code = readPixCode((await within(t, `${served.endpoint}/pix`, { orderId })).body)!;
      await admin('/sandbox/actions/pay-qr', { qr_code_payload: code.payload, payer_account_id: 'acc_sandbox_filial' });
      await admin('/sandbox/clock/advance', { ms: 2_000 });
      const status = async () => (await within(t, pixStatusUrl(served.endpoint, code.reference), undefined, 'GET')).body;
      assert.deepEqual(await status(), { status: 'paid' });
      assert.deepEqual(steps(heard), [['pix/status', 'onPaid', orderId, STORE_TIMEOUT_MS]]);
      const seen = await requestsSeen();
      for (let i = 0; i < 3; i++) assert.deepEqual(await status(), { status: 'paid' });
      assert.deepEqual([calls.length, most], [1, 1], 'one onPaid at a time for one code');
      assert.equal(await requestsSeen(), seen, 'polls meanwhile answered without asking the service');

      // The first call fails, late: onError hears what it threw, and the next poll tells onPaid again.
      calls[0]!.settle(new Error('the database is down'));
      assert.deepEqual(await status(), { status: 'paid' });
      assert.equal(calls.length, 2);
      assert.deepEqual(steps(heard).slice(1), [
        ['pix/status', 'onPaid', orderId, 'Error: the database is down'],
        ['pix/status', 'onPaid', orderId, STORE_TIMEOUT_MS],
      ]);
      // The second succeeds, late: remembered, so no poll calls onPaid again.
      calls[1]!.settle();
      for (let i = 0; i < 2; i++) assert.deepEqual(await status(), { status: 'paid' });
      assert.deepEqual([calls.length, most, heard.length], [2, 1, 3]);
    },
  );

  it(
    'with the default storeTimeoutMs, a hung onPaid: a status poll as <pay-pix-qr> makes it, given up after POLL_TIMEOUT_MS, reads paid',
    { timeout: 30_000 },
    async () => {
      // The answer waits for onPaid a quarter of the page's patience at most; the rest is the call to the service's.
      assert.ok(PAID_ANSWER_WAIT_MS <= POLL_TIMEOUT_MS / 4, `${PAID_ANSWER_WAIT_MS} ms of the page's ${POLL_TIMEOUT_MS} ms`);
      // And the merchant's page says the same figure, in its option table and its table of worst cases.
      const doc = await readFile(new URL('../docs/checkout.md', import.meta.url), 'utf8');
      const said = `${PAID_ANSWER_WAIT_MS / 1000} s`;
      assert.ok(doc.includes(`\`paid\` after at most ${said} of \`onPaid\``) && doc.includes(`| \`onPaid\`: ${said}, or`), said);
      let settle!: () => void;
      const stuck = new Promise<void>((resolve) => (settle = resolve));
      const { onError, heard } = reporter();
      const served = await serve(checkoutHandler(options({ onError, onPaid: () => stuck })));
      servers.push(served.server);
      const orderId = newOrder(2590);
      const code = readPixCode((await post('/pix', { orderId }, {}, served.endpoint)).body)!;
      await admin('/sandbox/actions/pay-qr', { qr_code_payload: code.payload, payer_account_id: 'acc_sandbox_filial' });
      await admin('/sandbox/clock/advance', { ms: 2_000 });
      const got = await fetch(pixStatusUrl(served.endpoint, code.reference), { signal: AbortSignal.timeout(POLL_TIMEOUT_MS) }).then(
        async (response) => (await response.json()) as unknown,
        (error: Error) => error.name,
      );
      assert.deepEqual(got, { status: 'paid' });
      // Answered before storeTimeoutMs: the call is not yet reported as given up on.
      assert.deepEqual(heard, []);
      // Settled, so no timer of the handler's is left running.
      settle();
    },
  );
});

describe('the front door', () => {
  it('a text/plain, urlencoded or multipart post (what a cross-site form can send) is refused with 415', async () => {
    const orderId = newOrder();
    const token = await newToken();
    const before = (await charges()).length;
    const json = JSON.stringify({ orderId, token, installments: 1, taxId: CPF });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json-patch+json',
    ]) {
      const got = await send(`${endpoint}/card`, { method: 'POST', headers: { 'content-type': type }, body: json });
      assert.deepEqual([got.status, readCheckoutError(got.body)?.error], [415, 'unsupported_media_type'], type);
    }
    assert.equal((await charges()).length, before);
  });

  it('a body over 4 KB is refused with 413, declared or streamed', async () => {
    const big = JSON.stringify({ orderId: newOrder(), token: 'x'.repeat(5000), installments: 1 });
    const declared = await post('/card', big);
    assert.deepEqual([declared.status, readCheckoutError(declared.body)?.error], [413, 'body_too_large']);
    // No Content-Length: chunks until past the limit.
    const streamed = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(`${endpoint}/card`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      for (let i = 0; i < 10; i++) req.write(big.slice(i * 500, (i + 1) * 500));
      req.end();
    });
    answered.push(streamed.text);
    assert.deepEqual([streamed.status, (JSON.parse(streamed.text) as { error: string }).error], [413, 'body_too_large']);
  });

  it(
    'a TRACE (which node:http takes and a Request cannot carry) gets a 4xx, and the server goes on answering',
    { timeout: 10_000 },
    async (t) => {
      const rejections: unknown[] = [];
      const heard = (reason: unknown) => rejections.push(reason);
      process.on('unhandledRejection', heard);
      try {
        const status = await new Promise<number>((resolve, reject) => {
          // Unanswered, the test ends at its timeout, and its signal closes the connection so the server can close.
          const req = httpRequest(`${endpoint}/card`, { method: 'TRACE', signal: t.signal }, (res) => {
            res.resume().on('end', () => resolve(res.statusCode!));
          });
          req.on('error', reject);
          req.end();
        });
        assert.ok(status >= 400 && status < 500, `TRACE → ${status}`);
        assert.equal((await post('/card', '[]')).status, 400, 'the next request is answered');
        assert.deepEqual(rejections, []);
      } finally {
        process.off('unhandledRejection', heard);
      }
    },
  );

  it('wrong methods, unknown routes and hostile bodies get a 4xx, never a 5xx', async () => {
    const getCard = await send(`${endpoint}/card`, { method: 'GET' });
    assert.deepEqual([getCard.status, getCard.headers.get('allow')], [405, 'POST']);
    const postStatus = await post('/pix/status', {});
    assert.deepEqual([postStatus.status, postStatus.headers.get('allow')], [405, 'GET']);
    assert.equal((await send(`${endpoint}/refund`, { method: 'POST' })).status, 404);
    const hostile = [
      '',
      'null',
      '[]',
      '"text"',
      '{"orderId":',
      '{"orderId":{"$gt":""},"token":"t","installments":1}',
      '{"orderId":"a b","token":"t","installments":1}',
      `{"orderId":"${'9'.repeat(200)}","token":"t","installments":1}`,
      '{"orderId":"x","token":"t","installments":1e308}',
      '{"orderId":"x","token":"t","installments":-1}',
      '{"orderId":"x","token":"t","installments":"6"}',
      '{"orderId":"x","token":"t","installments":1,"taxId":12345678909}',
      '{"orderId":"x","token":"t","installments":1,"locale":{"toString":1}}',
      '{"__proto__":{"paid":false},"orderId":"x","token":"t","installments":1}',
    ];
    for (const body of hostile) {
      for (const route of ['/card', '/pix']) {
        const got = await post(route, body);
        assert.ok(got.status >= 400 && got.status < 500, `${route} ${body.slice(0, 40)} → ${got.status}`);
        assert.ok(readCheckoutError(got.body), 'an error answer of the protocol');
      }
    }
    const invalidUtf8 = await send(`${endpoint}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    assert.equal(invalidUtf8.status, 400);
    assert.equal(failures.filter((f) => f.step === 'handler').length, 0, 'no fault of the handler itself');
  });
});

describe('Pix', () => {
  let code: PixCode;
  let orderId: string;

  it('generates a code for the order’s amount, with a reference; the same order asked again gets the same code', async () => {
    orderId = newOrder(4590);
    const got = await post('/pix', { orderId, amount: 1 });
    assert.equal(got.status, 200, JSON.stringify(got.body));
    code = readPixCode(got.body)!;
    assert.ok(code, 'the protocol’s reader takes it');
    assert.equal(code.amount, '45.90');
    assert.equal(Date.parse(code.expiresAt), sandbox.clock.now() + 900_000);
    assert.equal(code.serverTime, sandbox.clock.now());
    const again = readPixCode((await post('/pix', { orderId })).body)!;
    assert.equal(again.qrCodeId, code.qrCodeId);
    assert.equal(again.reference, code.reference);
  });

  it('two tabs asking at once for one order get one code, and the service makes one', async () => {
    // Both look-ups are held until both requests are in, so both are past order() before either code exists.
    let lookups = 0;
    let bothIn!: () => void;
    const gate = new Promise<void>((resolve) => (bothIn = resolve));
    const served = await serve(
      checkoutHandler(
        options({
          order: async (id) => {
            if (++lookups === 2) bothIn();
            await gate;
            return orders.get(id);
          },
        }),
      ),
    );
    servers.push(served.server);
    const tabs = newOrder(3790);
    const seen = await requestsSeen();
    const answers = await Promise.all([
      post('/pix', { orderId: tabs }, {}, served.endpoint),
      post('/pix', { orderId: tabs }, {}, served.endpoint),
    ]);
    const codes = answers.map((a) => readPixCode(a.body)?.qrCodeId);
    assert.ok(codes[0], JSON.stringify(answers[0]!.body));
    assert.equal(codes[1], codes[0], 'one code for both tabs');
    assert.equal(await requestsSeen(), seen + 1, 'one code generated by the service');
  });

  it('pending, then paid through the sandbox: status paid, and onPaid once however often it is asked', async () => {
    const status = () => send(pixStatusUrl(endpoint, code.reference), { method: 'GET' });
    assert.deepEqual((await status()).body, { status: 'pending' });
    await admin('/sandbox/actions/pay-qr', { qr_code_payload: code.payload, payer_account_id: 'acc_sandbox_filial' });
    // Confirmed, not settled: the code still reads pending until the transfer completes (2 s on the sandbox clock).
    assert.deepEqual((await status()).body, { status: 'pending' });
    await admin('/sandbox/clock/advance', { ms: 2_000 });
    const answers = await Promise.all([status(), status(), status()]);
    assert.deepEqual(
      answers.map((a) => parsePixStatusAnswer(a.body)),
      ['paid', 'paid', 'paid'],
    );
    assert.deepEqual((await status()).body, { status: 'paid' });
    assert.deepEqual(
      paid.filter((p) => p.orderId === orderId),
      [{ method: 'pix', orderId, id: code.qrCodeId, amount: 4590 }],
    );
    // Paid is paid, whichever way is tried next.
    const byCard = await post('/card', { orderId, token: await newToken(), installments: 1, taxId: CPF });
    assert.equal(readCheckoutError(byCard.body)?.error, 'already_paid');
    assert.equal(readCheckoutError((await post('/pix', { orderId })).body)?.error, 'already_paid');
  });

  it('a code paid with no page left to poll it (the shopper back from the bank’s app): the card then is refused, already_paid, and nothing charged', async () => {
    const left = newOrder(2590);
    const shown = readPixCode((await post('/pix', { orderId: left })).body)!;
    await admin('/sandbox/actions/pay-qr', { qr_code_payload: shown.payload, payer_account_id: 'acc_sandbox_filial' });
    await admin('/sandbox/clock/advance', { ms: 2_000 });
    const before = (await charges()).length;
    const byCard = await post('/card', { orderId: left, token: await newToken(), installments: 1, taxId: CPF });
    assert.equal(byCard.status, 409);
    assert.equal(readCheckoutError(byCard.body)?.error, 'already_paid');
    assert.equal((await charges()).length, before, 'no charge');
    // onPaid hears of the Pix payment there, and not again when a page polls later.
    const told = [{ method: 'pix', orderId: left, id: shown.qrCodeId, amount: 2590 }];
    assert.deepEqual(
      paid.filter((p) => p.orderId === left),
      told,
    );
    assert.deepEqual((await send(pixStatusUrl(endpoint, shown.reference), { method: 'GET' })).body, { status: 'paid' });
    assert.deepEqual(
      paid.filter((p) => p.orderId === left),
      told,
    );
  });

  it('a code replaced by another (the amount changed) and then paid: the card is still refused, already_paid', async () => {
    const changing = newOrder(2590);
    const first = readPixCode((await post('/pix', { orderId: changing })).body)!;
    orders.get(changing)!.amount = 2790;
    const second = readPixCode((await post('/pix', { orderId: changing })).body)!;
    assert.notEqual(second.qrCodeId, first.qrCodeId);
    await admin('/sandbox/actions/pay-qr', { qr_code_payload: first.payload, payer_account_id: 'acc_sandbox_filial' });
    await admin('/sandbox/clock/advance', { ms: 2_000 });
    const before = (await charges()).length;
    const byCard = await post('/card', { orderId: changing, token: await newToken(), installments: 1, taxId: CPF });
    assert.equal(readCheckoutError(byCard.body)?.error, 'already_paid');
    assert.equal((await charges()).length, before, 'no charge');
  });

  it('a code that comes back from the service after a card took the order is not shown: no second payable code', async () => {
    let generated!: () => void;
    const held = new Promise<void>((resolve) => (generated = resolve));
    let asked!: () => void;
    const generating = new Promise<void>((resolve) => (asked = resolve));
    const slow = await serve(
      checkoutHandler(
        options({
          fetch: async (input, init) => {
            const answer = fetch(input, init);
            if (pathOf(input) === '/v3/qr_code/generate/dynamic') {
              asked();
              await held;
            }
            return answer;
          },
        }),
      ),
    );
    servers.push(slow.server);
    const order = newOrder(2590);
    const pix = post('/pix', { orderId: order }, {}, slow.endpoint);
    await generating;
    const byCard = await post('/card', { orderId: order, token: await newToken(), installments: 1, taxId: CPF }, {}, slow.endpoint);
    assert.equal((byCard.body as { outcome?: string }).outcome, 'approved', JSON.stringify(byCard.body));
    generated();
    const code = await pix;
    assert.equal(code.status, 409);
    assert.equal(readCheckoutError(code.body)?.error, 'already_paid');
  });

  it('a code shown and not paid: the card is charged; where the service cannot say whether it was paid, nothing is charged (503)', async () => {
    const open = newOrder(2590);
    assert.equal((await post('/pix', { orderId: open })).status, 200);
    const byCard = await post('/card', { orderId: open, token: await newToken(), installments: 1, taxId: CPF });
    assert.equal((byCard.body as { outcome?: string }).outcome, 'approved', JSON.stringify(byCard.body));

    // The code's details cannot be read; the charges route works.
    const blind = await serve(
      checkoutHandler(
        options({
          fetch: (input, init) =>
            pathOf(input) === '/v3/qr_code/details' ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init),
        }),
      ),
    );
    servers.push(blind.server);
    const unsure = newOrder(2590);
    assert.equal((await post('/pix', { orderId: unsure }, {}, blind.endpoint)).status, 200);
    const before = (await charges()).length;
    const heard = failures.length;
    const refused = await post('/card', { orderId: unsure, token: await newToken(), installments: 1, taxId: CPF }, {}, blind.endpoint);
    assert.equal(refused.status, 503);
    assert.equal(readCheckoutError(refused.body)?.error, 'service_unavailable');
    assert.equal((await charges()).length, before, 'no charge');
    assert.deepEqual(
      failures.slice(heard).map((f) => f.step),
      ['pix details'],
    );
  });

  it('a forged or altered reference is refused, and the sandbox hears nothing of it', async () => {
    const [version, payload, mac] = code.reference.split('.') as [string, string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'a' ? 'b' : 'a') + text.slice(at + 1);
    const otherOrder = btoa(JSON.stringify({ o: 'pedido-1', q: code.qrCodeId, e: Date.parse(code.expiresAt), a: 1 })).replace(/=+$/, '');
    const other = checkoutHandler(options({ referenceSecret: 'another-shop-secret-0123456789abcdef' }));
    const otherShop = readPixCode(
      await (
        await other(
          new Request('http://shop.test/api/checkout/pix', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ orderId: newOrder() }),
          }),
        )
      ).json(),
    )!.reference;
    const forged = [
      '',
      'abc',
      `${version}.${payload}.${flip(mac, 10)}`,
      `${version}.${flip(payload, 5)}.${mac}`,
      `${version}.${otherOrder}.${mac}`,
      `p2.${payload}.${mac}`,
      `${code.reference}x`,
      otherShop,
      'p1.' + 'A'.repeat(2000) + '.' + mac,
    ];
    const seen = await requestsSeen();
    for (const reference of forged) {
      const got = await send(pixStatusUrl(endpoint, reference), { method: 'GET' });
      assert.deepEqual([got.status, readCheckoutError(got.body)?.error], [400, 'invalid_reference'], reference.slice(0, 30));
    }
    const missing = await send(`${endpoint}/pix/status`, { method: 'GET' });
    assert.equal(missing.status, 400);
    assert.equal(await requestsSeen(), seen, 'no request reached the sandbox');

    // The counter counts: a genuine reference to a code this process has not seen paid is one read.
    const fresh = readPixCode((await post('/pix', { orderId: newOrder() })).body)!;
    const afterGenerate = await requestsSeen();
    assert.deepEqual((await send(pixStatusUrl(endpoint, fresh.reference), { method: 'GET' })).body, { status: 'pending' });
    assert.equal(await requestsSeen(), afterGenerate + 1);
  });

  it('expired: past its expiry the code reads expired, and the order gets a new code', async () => {
    const expiring = newOrder(1000);
    const first = readPixCode((await post('/pix', { orderId: expiring })).body)!;
    await admin('/sandbox/clock/advance', { ms: 900_000 });
    assert.deepEqual((await send(pixStatusUrl(endpoint, first.reference), { method: 'GET' })).body, { status: 'expired' });
    const second = readPixCode((await post('/pix', { orderId: expiring })).body)!;
    assert.notEqual(second.qrCodeId, first.qrCodeId);
    assert.equal(
      paid.some((p) => p.orderId === expiring),
      false,
    );
  });
});

describe('secrets and setup', () => {
  it('no answer repeats a token, a document or a secret', () => {
    assert.ok(answered.length > 50, `${answered.length} answers read`);
    const secrets = [secretKey, ACCOUNT.secret, REFERENCE_SECRET, '12345678909', CPF, '12345678900', ...tokens];
    for (const text of answered) for (const secret of secrets) assert.ok(!text.includes(secret), `an answer holds ${secret.slice(0, 6)}…`);
  });

  it('options are checked at once, naming what is wrong and never a value', () => {
    const bad: [Partial<CheckoutHandlerOptions>, RegExp][] = [
      [{ secretKey: 'pk_test_51LojaExemploPublic0001' }, /secretKey is not a secret key/],
      [{ referenceSecret: 'short' }, /referenceSecret must be a random string of at least 32/],
      // What an unset environment variable gives: said to be missing, not short.
      [{ referenceSecret: undefined }, /referenceSecret is missing: set it to a random string of at least 32 .*openssl rand -hex 32/],
      [{ referenceSecret: '' }, /referenceSecret is missing/],
      [{ credential: { ...CREDENTIAL, kind: 'PLATFORM' } }, /PLATFORM credentials are not accepted/],
      [{ credential: { ...CREDENTIAL, kind: 'USER' } }, /USER credential must select the account/],
      [{ claim: () => true }, /pass claim and release together/],
      [{ secretKey: undefined, credential: undefined }, /pass secretKey \(cards\), credential \(Pix\) or both/],
      [{ pixExpiresIn: 30 }, /pixExpiresIn must be/],
      [{ order: undefined as never }, /order must be a function/],
      // A card-only handler (no credential) too: else the first shopper to pay would find the mistake.
      [{ baseUrl: undefined as never, credential: undefined }, /baseUrl is missing or not an absolute URL/],
      [{ baseUrl: 'http://pay.example.com', credential: undefined }, /baseUrl must use https/],
      [{ timeoutMs: -1, credential: undefined }, /timeoutMs must be a positive number/],
      [{ storeTimeoutMs: 0 }, /storeTimeoutMs must be a positive number of milliseconds/],
      [{ storeTimeoutMs: 2 ** 31 }, /storeTimeoutMs must be .* at most 2147483647/],
    ];
    for (const [overrides, message] of bad) {
      assert.throws(
        () => checkoutHandler(options(overrides)),
        (error: Error) => error instanceof ConfigurationError && message.test(error.message) && !error.message.includes('short'),
        String(message),
      );
    }
    assert.throws(
      () => checkoutHandler(options({ installments: { ...POLICY, monthlyRate: '1,99' } })),
      (error: Error) =>
        error instanceof InstallmentConfigError &&
        error.option === 'monthlyRate' &&
        error.message.startsWith('checkoutHandler(): installments: monthlyRate '),
    );
    assert.throws(
      () => checkoutHandler(options({ installments: { maxInstallments: 12, monthlyRate: '1.99' } as unknown as typeof POLICY })),
      (error: Error) =>
        error instanceof InstallmentConfigError &&
        error.option === 'interestFree' &&
        error.message.startsWith('checkoutHandler(): installments: interestFree '),
    );
  });

  it('a body parser mounted before the handler is named, with the fix: in Hono and in Express', async () => {
    const heard: { error: unknown; where: CheckoutFailure }[] = [];
    const checkout = checkoutHandler(options({ onError: (error, where) => heard.push({ error, where }) }));
    // Hono: a middleware that reads the JSON body first.
    const app = new Hono();
    app.use('*', async (c, next) => {
      await c.req.json();
      await next();
    });
    app.all('/api/checkout/*', (c) => checkout(c.req.raw));
    const viaHono = await app.request('/api/checkout/pix', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: newOrder() }),
    });
    // Express with express.json() ahead of it: the stream is read to its end before toNodeHandler runs.
    const parsedApp = express();
    parsedApp.use(express.json());
    parsedApp.use('/api/checkout', toNodeHandler(checkout));
    const parsed = createServer(parsedApp);
    const parsedAt = await listening(parsed);
    servers.push(parsed);
    const viaNode = await post('/card', { orderId: newOrder(), token: 'tok_x', installments: 1 }, {}, `${parsedAt}/api/checkout`);

    for (const [answer, route] of [
      [{ status: viaHono.status, body: (await viaHono.json()) as unknown }, 'pix'],
      [viaNode, 'card'],
    ] as const) {
      assert.equal(answer.status, 500, route);
      assert.equal((answer.body as { error: string }).error, 'internal_error', route);
    }
    assert.deepEqual(
      heard.map(({ error, where }) => [(error as Error).name, where.route, where.step]),
      [
        ['ConfigurationError', 'pix', 'handler'],
        ['ConfigurationError', 'card', 'handler'],
      ],
    );
    for (const { error } of heard)
      assert.match((error as Error).message, /read before the handler got it\. Mount the handler before any body parser/);
  });

  it('mounted in Express as docs/checkout.md shows it: before express.json(), which still reads the routes after it', async () => {
    const app = express();
    app.use('/api/checkout', toNodeHandler(checkoutHandler(options())));
    app.use(express.json());
    app.post('/api/cart', (req, res) => void res.json({ read: req.body as unknown }));
    const server = createServer(app);
    const at = await listening(server);
    servers.push(server);

    const orderId = newOrder();
    const card = await post('/card', { orderId, token: await newToken(), installments: 6, taxId: CPF }, {}, `${at}/api/checkout`);
    assert.equal(card.status, 200, JSON.stringify(card.body));
    assert.deepEqual([readCardAnswer(card.body)?.outcome, orders.get(orderId)!.paid, paid.at(-1)?.orderId], ['approved', true, orderId]);
    const code = readPixCode((await post('/pix', { orderId: newOrder(5000) }, {}, `${at}/api/checkout`)).body)!;
    assert.equal(code.amount, '50.00');
    const status = await send(pixStatusUrl(`${at}/api/checkout`, code.reference), {});
    assert.deepEqual(status.body, { status: 'pending' });
    // The app's own JSON routes, behind it, are unchanged.
    assert.deepEqual((await post('/cart', { items: 2 }, {}, `${at}/api`)).body, { read: { items: 2 } });
  });

  it('mounted in Hono as docs/checkout.md shows it, under a prefix of its own', async () => {
    const checkout = checkoutHandler(options());
    const app = new Hono();
    app.all('/loja/api/checkout/*', (c) => checkout(c.req.raw));
    const orderId = newOrder(5000);
    const code = await app.request('/loja/api/checkout/pix', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId }),
    });
    const { reference, amount } = readPixCode(await code.json())!;
    assert.equal(amount, '50.00');
    const status = await app.request(pixStatusUrl('/loja/api/checkout', reference));
    assert.deepEqual(await status.json(), { status: 'pending' });
  });

  it('a method without its credential answers method_unavailable, and onError names the option to pass', async () => {
    const heard: { error: unknown; where: CheckoutFailure }[] = [];
    const onError = (error: unknown, where: CheckoutFailure) => void heard.push({ error, where });
    const cardOnly = checkoutHandler(options({ credential: undefined, referenceSecret: undefined, onError }));
    const pixOnly = checkoutHandler(options({ secretKey: undefined, onError }));
    const ask = (handler: typeof cardOnly, route: string) =>
      handler(
        new Request(`http://shop.test/checkout/${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"orderId":"x"}',
        }),
      );
    for (const got of [await ask(cardOnly, 'pix'), await ask(pixOnly, 'card')]) {
      assert.deepEqual([got.status, ((await got.json()) as { error: string }).error], [404, 'method_unavailable']);
    }
    assert.deepEqual(
      heard.map(({ error, where }) => [(error as Error).name, where.route, (error as Error).message]),
      [
        [
          'ConfigurationError',
          'pix',
          'checkoutHandler was given no credential, so it cannot take Pix: pass credential, or leave "pix" out of <pay-checkout methods>.',
        ],
        [
          'ConfigurationError',
          'card',
          'checkoutHandler was given no secretKey, so it cannot take cards: pass secretKey, or leave "card" out of <pay-checkout methods>.',
        ],
      ],
    );
  });
});
