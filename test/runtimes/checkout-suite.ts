/**
 * `checkoutHandler` in each runtime (test/runtimes.test.ts): the handler is
 * built and called inside the runtime with web-standard `Request`s, and it
 * talks to the host's sandbox over loopback. What it answers, and what the
 * sandbox recorded, come back as plain JSON with nothing random or
 * time-bound in it, so every runtime's result can be compared with Node's.
 */
import { checkoutHandler, installmentOptions, pixStatusUrl, type CheckoutPayment } from '../../src/server/index.js';
import { tokenize } from '../../src/core.js';

export interface CheckoutSuiteConfig {
  baseUrl: string;
  credential: { clientId: string; secret: string; kind: 'ACCOUNT' };
  publicKey: string;
  secretKey: string;
  card: { number: string; holderName: string; expirationMonth: string; expirationYear: string; cvv: string };
  /** The sandbox's admin token, to pay a Pix code and move the clock as a test does. */
  adminToken: string;
}

const POLICY = { maxInstallments: 12, interestFree: 3, monthlyRate: '1.99', minInstallment: 500 };
const ENDPOINT = 'http://shop.test/api/checkout';
const CPF = '123.456.789-09';

export async function runCheckoutSuite(config: CheckoutSuiteConfig): Promise<Record<string, unknown>> {
  const { baseUrl } = config;
  const orders = new Map<string, { id: string; amount: number; paid: boolean }>();
  orders.set('o-card', { id: 'o-card', amount: 12990, paid: false });
  orders.set('o-paid', { id: 'o-paid', amount: 12990, paid: true });
  orders.set('o-pix', { id: 'o-pix', amount: 4590, paid: false });
  orders.set('o-late', { id: 'o-late', amount: 1000, paid: false });
  const paid: CheckoutPayment[] = [];
  // The sandbox's clock, which this suite moves: signatures follow it.
  let offset = 0;
  const handler = checkoutHandler({
    baseUrl,
    secretKey: config.secretKey,
    credential: config.credential,
    referenceSecret: 'ref_runtime_suite_0123456789abcdef0123',
    installments: POLICY,
    order: (id) => orders.get(id),
    onPaid: (payment) => {
      paid.push(payment);
      orders.get(payment.orderId)!.paid = true;
    },
    onError: () => {},
    now: () => Date.now() + offset,
  });

  const call = async (route: string, init: RequestInit = {}) => {
    const response = await handler(new Request(route.startsWith('http') ? route : `${ENDPOINT}${route}`, init));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const post = (route: string, body: unknown, type = 'application/json') =>
    call(route, { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const sandbox = async (path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json', authorization: `Bearer ${config.adminToken}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const chargeCount = async () => ((await sandbox('/sandbox/state')).charges as unknown[]).length;
  const requestCount = async () => ((await sandbox('/sandbox/console/requests')).entries as unknown[]).length;
  const advance = async (ms: number) => {
    const moved = (await sandbox('/sandbox/clock/advance', { ms })).data as { now: number };
    offset = moved.now - Date.now();
  };
  const token = async (number: string) => (await tokenize({ ...config.card, number }, { baseUrl, publicKey: config.publicKey })).token;

  const results: Record<string, unknown> = {};
  const good = await token(config.card.number);
  const six = installmentOptions({ amount: 12990, ...POLICY }).find((option) => option.count === 6)!;

  const before = await chargeCount();
  const card = await post('/card', { orderId: 'o-card', token: good, installments: 6, taxId: CPF, amount: 1 });
  results['card 6x'] = {
    status: card.status,
    outcome: card.body.outcome,
    totalIsThePlans: card.body.total === six.total,
    replay: (await post('/card', { orderId: 'o-card', token: good, installments: 6, taxId: CPF })).body.error,
    charges: (await chargeCount()) - before,
    onPaid: paid.map((p) => [p.method, p.orderId, p.amount === six.total]),
  };
  results['paid order'] = (await post('/card', { orderId: 'o-paid', token: good, installments: 1, taxId: CPF })).body.error;
  const declined = await post('/card', {
    orderId: 'o-late',
    token: await token('4000000000000002'),
    installments: 1,
    taxId: CPF,
    locale: 'en',
  });
  results.declined = [declined.status, declined.body.reason, declined.body.message];
  results['front door'] = [
    (await post('/card', '{}', 'text/plain')).status,
    (await post('/card', JSON.stringify({ pad: 'x'.repeat(5000) }))).status,
    (await post('/card', '[')).status,
    (await call('/card')).status,
  ];

  const code = await post('/pix', { orderId: 'o-pix' });
  const reference = String(code.body.reference);
  const status = async (ref = reference) => (await call(pixStatusUrl(ENDPOINT, ref))).body;
  const pending = await status();
  await sandbox('/sandbox/actions/pay-qr', { qr_code_payload: code.body.payload, payer_account_id: 'acc_sandbox_filial' });
  await advance(2_000);
  results.pix = {
    status: code.status,
    amount: code.body.amount,
    pending,
    paid: await status(),
    again: await status(),
    onPaid: paid.filter((p) => p.method === 'pix').map((p) => [p.orderId, p.amount]),
  };
  const seen = await requestCount();
  const forged = await status(reference.replace(/.$/, (c) => (c === '0' ? '1' : '0')));
  results['forged reference'] = { answer: forged, requestsToTheService: (await requestCount()) - seen };
  // A store that never answers: each runtime's timer gives up on it, and the order is let go.
  const heard: string[] = [];
  const stuck = checkoutHandler({
    baseUrl,
    secretKey: config.secretKey,
    credential: config.credential,
    referenceSecret: 'ref_runtime_suite_0123456789abcdef0123',
    order: () => new Promise<never>(() => {}),
    onPaid: () => {},
    onError: (error, where) => void heard.push(`${where.route} ${where.step} ${(error as Error).name}`),
    storeTimeoutMs: 50,
  });
  const stuckPost = async (route: string) => {
    const body = JSON.stringify({ orderId: 'o-card', token: good, installments: 1, taxId: CPF });
    const response = await stuck(
      new Request(`${ENDPOINT}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    );
    return [response.status, ((await response.json()) as { error?: unknown }).error];
  };
  results['hung order()'] = { card: await stuckPost('/card'), again: await stuckPost('/card'), pix: await stuckPost('/pix'), heard };

  const late = await post('/pix', { orderId: 'o-late' });
  await advance(900_000);
  results['expired'] = await status(String(late.body.reference));
  return results;
}
