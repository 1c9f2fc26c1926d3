import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../src/sandbox/sandbox.js';
import { clientFor, frozenSandbox, LOJA_TARGET } from '../../src/sandbox/v3/test-helpers.js';
import { resettingUrl } from './raw-servers.js';
import { V3_ACCOUNTS, V3_QR_PAYLOADS, v3Credential } from '../../src/sandbox/v3/fixtures.js';
import { createClient, type PayClient } from '../../src/server/client.js';
import { AccountStatus, ManagedAccountModel, PixKeyType, TxnStatus } from '../../src/server/enums.js';
import { BusinessError, CredentialPolicyError, RequestValidationError } from '../../src/server/errors.js';
import { ConfigurationError, NetworkError } from '../../src/shared/errors.js';
import { merchantOrderId } from '../../src/server/order-id.js';
import { ALL_OPERATIONS } from '../../src/server/schemas/operations.js';
import { NonceCache } from '../../src/sandbox/v3/nonce-cache.js';
import { verifySignedRequest } from '../../src/sandbox/v3/signature-verifier.js';

describe('every v3 operation against the sandbox over HTTP', () => {
  let sandbox: Sandbox;
  let account: PayClient;
  let user: PayClient;
  let platform: PayClient;
  const called = new Set<string>();
  const mark = (name: string) => called.add(name);

  before(async () => {
    // Frozen at the current time: a transfer stays PENDING until a test moves the clock, however slow the machine.
    const frozen = await frozenSandbox(Date.now());
    sandbox = frozen.sandbox;
    account = frozen.client('ACCOUNT');
    user = frozen.client('USER');
    platform = frozen.client('PLATFORM');
  });
  after(() => sandbox.close());

  it('there are 31 operations, one route each', () => {
    assert.equal(ALL_OPERATIONS.length, 31);
    assert.equal(new Set(ALL_OPERATIONS.map((op) => op.path)).size, 31);
  });

  it('transfers: QR initiate → confirm → status → details (8 operations)', async () => {
    const init = await account.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.activeWithAmount });
    mark('transfers.qrCodeInitiate');
    assert.equal(typeof init.ref_id, 'string');
    assert.equal(init.currency, 'BRL');

    const orderId = merchantOrderId();
    const confirm = await account.transfers.qrCodeConfirm({
      ref_id: init.ref_id,
      merchant_order_id: orderId,
      amount: init.amount ?? '25.00',
      memo: 'pedido 42',
    });
    mark('transfers.qrCodeConfirm');
    assert.equal(confirm.merchant_order_id, orderId);
    assert.equal(confirm.txn_status, TxnStatus.PENDING);

    const status = await account.transfers.statusCheck({ txn_id: confirm.txn_id });
    mark('transfers.statusCheck');
    assert.equal(typeof status.txn_status, 'number');

    const details = await user.transfers.details({ txn_id: confirm.txn_id });
    mark('transfers.details');
    assert.equal(details?.txn_id, confirm.txn_id);

    const keyInit = await account.transfers.keyInitiate({ pix_key: 'contato@padaria.example', note: 'open shape' });
    mark('transfers.keyInitiate');
    assert.equal(keyInit?.pix_key, 'contato@padaria.example');
    assert.equal(keyInit?.note, 'open shape');
    assert.equal(typeof keyInit?.ref_id, 'string');
    assert.ok((await account.transfers.keyConfirm({ ref_id: keyInit!.ref_id, amount: '5.00', anything: 'goes' }))?.txn_id);
    mark('transfers.keyConfirm');
    assert.ok((await user.transfers.pixBankAccount({ amount: '1.00', note: 'not shown' }))?.txn_id);
    mark('transfers.pixBankAccount');
    assert.ok((await account.transfers.tedBankAccount({ amount: '2.00' }))?.txn_id);
    mark('transfers.tedBankAccount');
  });

  it('refunds: create, details, status (3 operations)', async () => {
    const orderId = merchantOrderId();
    const refund = await account.refunds.create({
      original_settlement_id: 'stl_sandbox_inbound_fresh',
      merchant_order_id: orderId,
      amount: '12.50',
      reason: 'customer request',
    });
    mark('refunds.create');
    assert.equal(refund.txn_status, TxnStatus.PENDING);
    assert.equal(refund.amount, '12.50');
    assert.equal(refund.merchant_order_id, orderId);

    const details = await account.refunds.details({ refund_id: refund.refund_id });
    mark('refunds.details');
    assert.equal(details?.refund_id, refund.refund_id);
    const status = await account.refunds.statusCheck({ refund_id: refund.refund_id });
    mark('refunds.statusCheck');
    assert.equal(typeof status?.txn_status, 'number');

    // §3.1: the merchant order ID is recorded for 48 h.
    const again = await account.refunds
      .create({ original_settlement_id: 'stl_sandbox_inbound_fresh', merchant_order_id: orderId, amount: '12.50' })
      .catch((e: unknown) => e);
    assert.ok(again instanceof BusinessError);
    assert.equal(again.code, 4001013);
    assert.equal(again.operation, 'refunds.create');
  });

  it('PIX keys: create (1 operation), CNPJ normalized before sending', async () => {
    const key = await account.pixKeys.create({ pix_key_type: PixKeyType.CNPJ, pix_key_value: '  12.abc.345/01de-35 ' });
    mark('pixKeys.create');
    assert.equal(key.pix_key, '12.ABC.345/01DE-35');
    assert.equal(key.pix_key_type, PixKeyType.CNPJ);
    assert.equal(typeof key.created_at, 'number');
    const evp = await user.pixKeys.create({ pix_key_type: PixKeyType.EVP });
    assert.match(evp.pix_key, /^[0-9a-f-]{36}$/);
  });

  it('QR codes: dynamic, static, details (3 operations)', async () => {
    assert.equal((await account.qrCodes.generateDynamic({ amount: '10.00' }))?.amount, '10.00');
    mark('qrCodes.generateDynamic');
    const fixed = await account.qrCodes.generateStatic({});
    mark('qrCodes.generateStatic');
    assert.equal(typeof fixed?.qr_code_id, 'string');
    assert.equal((await account.qrCodes.details({ qr_code_id: fixed!.qr_code_id as string }))?.qr_code_id, fixed!.qr_code_id);
    mark('qrCodes.details');
  });

  it('MED: create, list, detail, cancel (4 operations)', async () => {
    const created = await account.med.create({ txn_id: 'txn_1' });
    mark('med.create');
    assert.equal(typeof created?.id, 'string');
    assert.deepEqual(
      ((await account.med.list())?.items as { id: string }[]).map((m) => m.id),
      [created!.id],
    );
    mark('med.list');
    assert.ok((await account.med.detail({ id: created!.id }))?.created_at);
    mark('med.detail');
    assert.ok((await user.med.cancel({ id: created!.id }))?.updated_at);
    mark('med.cancel');
  });

  it('infractions: list, detail (2 operations)', async () => {
    const items = (await account.infractions.list({}))?.items as { id: string }[];
    mark('infractions.list');
    assert.equal(items.length, 1); // opened with the MED case above
    assert.ok((await account.infractions.detail({ id: items[0]!.id }))?.id);
    mark('infractions.detail');
  });

  it('master accounts: create, detail, list, update (4 operations)', async () => {
    const created = await platform.masterAccounts.create({ legal_name: 'Loja' });
    assert.equal(created?.legal_name, 'Loja');
    mark('masterAccounts.create');
    assert.equal((await platform.masterAccounts.detail({ id: created!.id }))?.id, created!.id);
    assert.ok((await user.masterAccounts.detail({ id: 'mst_sandbox_0001' }))?.id); // §5.3: owner user too
    mark('masterAccounts.detail');
    assert.ok(((await platform.masterAccounts.list())?.items as unknown[]).length >= 4);
    mark('masterAccounts.list');
    assert.ok((await platform.masterAccounts.update({ id: created!.id }))?.updated_at);
    mark('masterAccounts.update');
  });

  it('managed accounts: create, detail, list, update, credentials get, rotate (6 operations)', async () => {
    assert.ok((await user.managedAccounts.create({ model: 1, trading_name: 'Loja Nova' }))?.reference_id);
    mark('managedAccounts.create');
    assert.equal((await user.managedAccounts.detail({ reference_id: 'ma_sandbox_mor_0001' }))?.reference_id, 'ma_sandbox_mor_0001');
    mark('managedAccounts.detail');

    const all = await user.managedAccounts.list();
    mark('managedAccounts.list');
    assert.equal(all.page.page_size, 20);
    assert.equal(all.managed_accounts.length, 5); // four fixtures under the owner's Master, and the MOR just created
    const vas = await user.managedAccounts.list({
      model: ManagedAccountModel.VA,
      status: AccountStatus.PENDING_SUBMISSION,
      page: { page: 1, page_size: 100 },
    });
    assert.deepEqual(
      vas.managed_accounts.map((a) => a.reference_id),
      ['ma_sandbox_va_0001'],
    );
    assert.deepEqual(vas.page, { page: 1, page_size: 100, total: 1, total_pages: 1 });

    const updated = await user.managedAccounts.update({ reference_id: 'ma_sandbox_mor_0001', trading_name: 'Nova Loja' });
    mark('managedAccounts.update');
    assert.equal(updated.managed_account.trading_name, 'Nova Loja');

    assert.ok((await user.managedAccounts.credentialsGet({ reference_id: 'ma_sandbox_mor_0001' }))?.client_secret);
    mark('managedAccounts.credentialsGet');

    // §4.8: rotation is unsupported: business 503 in an HTTP 200 envelope, null data.
    const rotate = await user.managedAccounts.rotateCredentials({ reference_id: 'ma_sandbox_mor_0001' }).catch((e: unknown) => e);
    mark('managedAccounts.rotateCredentials');
    assert.ok(rotate instanceof BusinessError);
    assert.equal(rotate.code, 503);
    assert.equal(rotate.data, null);
  });

  it('called all 31', () => {
    assert.deepEqual([...called].sort(), ALL_OPERATIONS.map((op) => op.name).sort());
  });

  it('measures clock skew from the envelope time', async () => {
    assert.ok(Number.isFinite(account.clockSkewMs), 'measured on every response');
    // With the sandbox frozen and a client clock 1234 ms ahead of it, the skew is exact,
    // however long the request takes.
    const { sandbox: frozen, client } = await frozenSandbox();
    try {
      const ahead = client('ACCOUNT', { now: () => frozen.clock.now() + 1_234 });
      assert.equal(ahead.clockSkewMs, undefined); // nothing measured before the first response
      await ahead.transfers.statusCheck({ txn_id: 'txn_unknown' }).catch((e: unknown) => e); // a business error carries `time` too
      assert.equal(ahead.clockSkewMs, -1_234);
      await ahead.transfers.details({ merchant_order_id: 'none' }).catch((e: unknown) => e);
      assert.equal(ahead.clockSkewMs, -1_234);
    } finally {
      await frozen.close();
    }
  });

  it('a USER client can pick another of its accounts per call', async () => {
    const other = { ispb: V3_ACCOUNTS[1]!.ispb, accountNumber: V3_ACCOUNTS[1]!.accountNumber };
    const init = await user.transfers.qrCodeInitiate({ qr_code_payload: V3_QR_PAYLOADS.activeWithoutAmount }, { target: other });
    const confirm = await user.transfers.qrCodeConfirm(
      { ref_id: init.ref_id, merchant_order_id: merchantOrderId(), amount: '1.00' },
      { target: other },
    );
    // The transfer belongs to the second account: the first cannot see it (§4.2).
    await assert.rejects(
      user.transfers.statusCheck({ txn_id: confirm.txn_id }),
      (e: unknown) => e instanceof BusinessError && e.code === 'not_found',
    );
    assert.equal((await user.transfers.statusCheck({ txn_id: confirm.txn_id }, { target: other })).txn_status, TxnStatus.PENDING);
  });
});

describe('§5.3 enforced before sending', () => {
  let url: string;
  before(async () => {
    url = await resettingUrl(); // anything that got sent would fail with NetworkError instead
  });
  const policy = (message: RegExp) => (e: unknown) => e instanceof CredentialPolicyError && message.test(e.message);

  it('PLATFORM on account routes', async () => {
    const platform = clientFor('PLATFORM', url);
    await assert.rejects(platform.transfers.qrCodeInitiate({ qr_code_payload: 'x' }), policy(/PLATFORM credentials are not accepted/));
    await assert.rejects(
      platform.refunds.create({ original_settlement_id: 's', merchant_order_id: merchantOrderId(), amount: '1' }),
      CredentialPolicyError,
    );
    await assert.rejects(platform.pixKeys.create({ pix_key_type: 5 }), CredentialPolicyError);
  });

  it('USER on account routes without the target pair', async () => {
    const { clientId, secret } = v3Credential('USER');
    const user = createClient({ baseUrl: url, credential: { clientId, secret, kind: 'USER' } });
    await assert.rejects(user.transfers.statusCheck({ txn_id: 't' }), policy(/must select the account/));
    await assert.rejects(user.transfers.statusCheck({ txn_id: 't' }, { target: null }), CredentialPolicyError);
  });

  it('target headers on managed-account routes, and non-USER credentials there', async () => {
    const user = clientFor('USER', url);
    await assert.rejects(user.managedAccounts.list({}, { target: LOJA_TARGET }), policy(/reject X-ISPB/));
    await assert.rejects(clientFor('ACCOUNT', url).managedAccounts.list(), policy(/USER credential/));
    await assert.rejects(clientFor('PLATFORM', url).managedAccounts.detail({}), CredentialPolicyError);
  });

  it('master accounts: create/list/update need PLATFORM, detail not ACCOUNT', async () => {
    const user = clientFor('USER', url);
    await assert.rejects(user.masterAccounts.create({}), policy(/need a PLATFORM/));
    await assert.rejects(user.masterAccounts.list(), CredentialPolicyError);
    await assert.rejects(clientFor('ACCOUNT', url).masterAccounts.update({}), CredentialPolicyError);
    await assert.rejects(clientFor('ACCOUNT', url).masterAccounts.detail({}), policy(/not ACCOUNT/));
  });
});

describe('bad configuration fails at construction', () => {
  const credential = { clientId: 'cli_x', secret: 'sec_x', kind: 'ACCOUNT' as const };
  const fails = (options: unknown, message: RegExp) =>
    assert.throws(
      () => createClient(options as never),
      (e: unknown) => e instanceof ConfigurationError && message.test(e.message),
    );

  it('missing secret, client ID or kind', () => {
    fails({ baseUrl: 'http://127.0.0.1:1', credential: { ...credential, secret: '' } }, /credential\.secret is missing/);
    fails({ baseUrl: 'http://127.0.0.1:1', credential: { clientId: 'c', kind: 'USER' } }, /credential\.secret is missing/);
    fails({ baseUrl: 'http://127.0.0.1:1', credential: { ...credential, clientId: ' ' } }, /clientId/);
    fails({ baseUrl: 'http://127.0.0.1:1', credential: { ...credential, kind: 'ADMIN' } }, /USER", "ACCOUNT" or "PLATFORM/);
    fails({ baseUrl: 'http://127.0.0.1:1' }, /credential is missing/);
    fails(undefined, /options object/);
  });

  it('a target header without its pair', () => {
    fails({ baseUrl: 'http://127.0.0.1:1', credential, target: { ispb: '12345678' } }, /target\.accountNumber is missing.*together/);
    fails({ baseUrl: 'http://127.0.0.1:1', credential, target: { ispb: ' ', accountNumber: '1' } }, /target\.ispb is missing/);
  });

  it('a bad base URL', () => {
    fails({ baseUrl: 'localhost:4010', credential }, /baseUrl must use https/);
    fails({ baseUrl: 'not a url', credential }, /absolute URL/);
    // Plain http would send the signature and, for charges, the secret key in clear text.
    fails({ baseUrl: 'http://api.example.com', credential }, /https/);
    fails({ baseUrl: 'http://10.0.0.5:4010', credential }, /https/);
    fails({ baseUrl: '', credential }, /baseUrl is missing/);
    fails({ baseUrl: 'ftp://example.com', credential }, /https/);
    fails({ baseUrl: 'https://example.com/?a=1', credential }, /query/);
    fails({ baseUrl: 'https://user:pw@example.com', credential }, /credentials/);
  });

  it('plain http is accepted only for this machine', () => {
    for (const baseUrl of ['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010']) {
      assert.doesNotThrow(() => createClient({ baseUrl, credential }));
    }
  });

  it('bad timeouts and retry counts', () => {
    fails({ baseUrl: 'http://127.0.0.1:1', credential, timeoutMs: 0 }, /timeoutMs/);
    fails({ baseUrl: 'http://127.0.0.1:1', credential, maxReadRetries: -1 }, /maxReadRetries/);
  });

  it('a good configuration keeps a path prefix and drops the trailing slash; the prefix is signed', async () => {
    const seen: { url: string; headers: Headers; body: string }[] = [];
    const client = createClient({
      baseUrl: 'https://api.example.com/pay/',
      credential,
      fetch: async (input, init) => {
        seen.push({ url: String(input), headers: new Headers(init?.headers), body: String(init?.body) });
        throw new TypeError('offline');
      },
      maxReadRetries: 0,
    });
    await assert.rejects(client.transfers.statusCheck({ txn_id: 't' }));
    await assert.rejects(client.refunds.details({ refund_id: 'r' }));
    assert.deepEqual(
      seen.map((s) => s.url),
      ['https://api.example.com/pay/v3/transfers/status/check', 'https://api.example.com/pay/v3/refunds/details'],
    );
    // docs/signing.md: the signed path is the one in the request line, prefix included.
    for (const { url, headers, body } of seen) {
      const verdict = await verifySignedRequest({
        method: 'POST',
        path: new URL(url).pathname,
        header: (name) => headers.get(name),
        body: new TextEncoder().encode(body),
        now: Number(headers.get('x-timestamp')),
        secretFor: () => credential.secret,
        nonces: new NonceCache(),
      });
      assert.deepEqual(verdict, { ok: true, clientId: credential.clientId, target: null });
    }
  });

  it('targets: both values or neither, no control characters, per client and per call', async () => {
    fails({ baseUrl: 'http://127.0.0.1:1', credential, target: null }, /target must be \{ ispb, accountNumber \}/);
    fails({ baseUrl: 'http://127.0.0.1:1', credential, target: {} }, /target needs both ispb and accountNumber/);
    fails(
      { baseUrl: 'http://127.0.0.1:1', credential, target: { ispb: '1\n', accountNumber: '2' } },
      /target\.ispb must not contain control characters/,
    );
    const sent: Headers[] = [];
    const client = createClient({
      baseUrl: 'http://127.0.0.1:1',
      credential,
      target: { ispb: ' 12345678 ', accountNumber: '0001234567' },
      fetch: async (_input, init) => {
        sent.push(new Headers(init?.headers));
        throw new TypeError('offline');
      },
      maxReadRetries: 0,
    });
    assert.deepEqual(client.target, { ispb: '12345678', accountNumber: '0001234567' });
    const perCall = (target: unknown) =>
      assert.rejects(
        client.transfers.statusCheck({ txn_id: 't' }, { target: target as never }),
        (e: unknown) => e instanceof RequestValidationError && e.field === 'options.target',
      );
    await perCall({ ispb: '12345678' });
    await perCall({ ispb: '12345678', accountNumber: 'a\u0007' });
    await perCall('12345678');
    assert.equal(sent.length, 0);
    await assert.rejects(client.transfers.statusCheck({ txn_id: 't' }, { target: { ispb: ' 1 ', accountNumber: ' 2 ' } }), NetworkError);
    assert.deepEqual([sent[0]!.get('x-ispb'), sent[0]!.get('x-account-number')], ['1', '2']);
  });
});

describe('request validation before sending', () => {
  let url: string;
  let client: PayClient;
  let user: PayClient;
  before(async () => {
    url = await resettingUrl();
    client = clientFor('ACCOUNT', url);
    user = clientFor('USER', url);
  });
  const invalid = (field: string, message?: RegExp) => (e: unknown) =>
    e instanceof RequestValidationError && e.issues.some((i) => i.field === field && (!message || message.test(i.message)));
  const confirm = (overrides: Record<string, unknown>) =>
    client.transfers.qrCodeConfirm({ ref_id: 'r', merchant_order_id: merchantOrderId(), amount: '1.00', ...overrides } as never);

  it('amount: a positive decimal string with at most two places, never a number', async () => {
    await assert.rejects(confirm({ amount: 10.5 }), invalid('amount', /not a number/));
    await assert.rejects(confirm({ amount: '10.505' }), invalid('amount', /two decimal places/));
    await assert.rejects(confirm({ amount: '0.00' }), invalid('amount', /greater than zero/));
    await assert.rejects(confirm({ amount: '-1' }), invalid('amount'));
    await assert.rejects(confirm({ amount: undefined }), invalid('amount', /required/));
  });

  it('merchant_order_id: YYMMDD UTC prefix, current ±1 h', async () => {
    await assert.rejects(confirm({ merchant_order_id: 'ORDER-1' }), invalid('merchant_order_id', /YYMMDD/));
    await assert.rejects(confirm({ merchant_order_id: '200101ABC' }), invalid('merchant_order_id', /current UTC day/));
    const midnight = Date.UTC(2026, 0, 2);
    const late = clientFor('ACCOUNT', url, { now: () => midnight + 30 * 60_000 });
    // 00:30 on the 2nd: yesterday's ID is still inside the 1 h allowance.
    await assert.rejects(
      late.refunds.create({ original_settlement_id: 's', merchant_order_id: '260101A', amount: '1' }),
      (e: unknown) => !(e instanceof RequestValidationError),
    );
    const later = clientFor('ACCOUNT', url, { now: () => midnight + 61 * 60_000 });
    await assert.rejects(
      later.refunds.create({ original_settlement_id: 's', merchant_order_id: '260101A', amount: '1' }),
      invalid('merchant_order_id'),
    );
  });

  it('unknown fields are refused on shown shapes, and required strings must be non-empty', async () => {
    await assert.rejects(
      confirm({ merchant_order_Id: 'typo' }),
      (e: unknown) => e instanceof RequestValidationError && /merchant_order_Id/.test(e.message),
    );
    await assert.rejects(client.transfers.qrCodeInitiate({ qr_code_payload: '' }), invalid('qr_code_payload', /empty/));
    await assert.rejects(client.transfers.statusCheck({} as never), invalid('txn_id', /required/));
  });

  it('pix_key_type 1..5, value required except EVP', async () => {
    await assert.rejects(client.pixKeys.create({ pix_key_type: 6 } as never), invalid('pix_key_type'));
    await assert.rejects(client.pixKeys.create({ pix_key_type: 0 } as never), invalid('pix_key_type'));
    await assert.rejects(client.pixKeys.create({ pix_key_type: 3 }), invalid('pix_key_value', /required unless/));
    await assert.rejects(client.pixKeys.create({ pix_key_type: 1, pix_key_value: '   ' }), invalid('pix_key_value'));
  });

  it('managed list: page_size ≤ 100, model 1..3, status 1..7', async () => {
    await assert.rejects(user.managedAccounts.list({ page: { page_size: 101 } }), invalid('page.page_size', /at most 100/));
    await assert.rejects(user.managedAccounts.list({ page: { page: 0 } }), invalid('page.page'));
    await assert.rejects(user.managedAccounts.list({ model: 4 } as never), invalid('model'));
    await assert.rejects(user.managedAccounts.list({ status: 8 } as never), invalid('status'));
  });

  it('managed update and rotate: exactly one selector', async () => {
    const selector = (e: unknown) => e instanceof RequestValidationError && /exactly one selector/.test(e.message);
    await assert.rejects(user.managedAccounts.update({ trading_name: 'x' }), selector);
    await assert.rejects(user.managedAccounts.update({ reference_id: 'a', account: {} }), selector);
    await assert.rejects(user.managedAccounts.rotateCredentials({}), selector);
    await assert.rejects(user.managedAccounts.rotateCredentials({ reference_id: 'a', account: { id: 'b' } }), selector);
  });
});
