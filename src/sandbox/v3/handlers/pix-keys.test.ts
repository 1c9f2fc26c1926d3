import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Sandbox } from '../../sandbox.js';
import type { PayClient } from '../../../server/client.js';
import { PixKeyType } from '../../../server/enums.js';
import { PixKeyOperations } from '../../../server/schemas/pix-keys.js';
import { businessCode, clientForId, FILIAL_TARGET, frozenSandbox, unchecked } from '../test-helpers.js';

/** §4.4 PIX keys through the server helper over HTTP. */
describe('PIX key create (§4.4, §2.9)', () => {
  let sandbox: Sandbox;
  let loja: PayClient;
  let user: PayClient;
  before(async () => {
    const f = await frozenSandbox();
    sandbox = f.sandbox;
    loja = f.client('ACCOUNT');
    user = f.client('USER', { target: FILIAL_TARGET });
  });
  after(() => sandbox.close());

  it('§2.9: types 1 to 4 keep the value sent; created_at is filled in with the current time', async () => {
    const cases = [
      [PixKeyType.CPF, '123.456.789-09'],
      [PixKeyType.EMAIL, 'vendas@loja.example'],
      [PixKeyType.PHONE, '+5511988887777'],
    ] as const;
    for (const [type, value] of cases) {
      const key = await loja.pixKeys.create({ pix_key_type: type, pix_key_value: value });
      assert.deepEqual(key, { pix_key: value, pix_key_type: type, status: 1, created_at: sandbox.clock.now() });
    }
  });

  it('§4.4: CNPJ values are trimmed and uppercased', async () => {
    const key = await loja.pixKeys.create({ pix_key_type: PixKeyType.CNPJ, pix_key_value: '  ab.cde.fgh/0001-90 ' });
    assert.equal(key.pix_key, 'AB.CDE.FGH/0001-90');
    // Sent without the client's normalization, the sandbox normalizes too (same schema).
    const raw = await loja.call(unchecked(PixKeyOperations.create), { pix_key_type: 2, pix_key_value: ' 12abc34500de35 ' });
    assert.equal((raw as { pix_key: string }).pix_key, '12ABC34500DE35');
  });

  it('§4.4: an EVP key is made by the sandbox; a value sent with it is ignored', async () => {
    const a = await user.pixKeys.create({ pix_key_type: PixKeyType.EVP });
    const b = await user.pixKeys.create({ pix_key_type: PixKeyType.EVP, pix_key_value: 'ignored' });
    assert.match(a.pix_key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.notEqual(a.pix_key, b.pix_key);
  });

  it('§7.2 4000: PIX key create without a key type, or without a value (except EVP)', async () => {
    const op = unchecked(PixKeyOperations.create);
    await businessCode(loja.call(op, {}), 4000);
    await businessCode(loja.call(op, { pix_key_type: PixKeyType.EMAIL }), 4000);
    await businessCode(loja.call(op, { pix_key_type: PixKeyType.CPF, pix_key_value: '   ' }), 4000);
    // A type outside 1..5 is invalid, not missing.
    await businessCode(loja.call(op, { pix_key_type: 6, pix_key_value: 'x' }), 4002);
  });

  it('§7.2 501: PIX key create for a key already linked (to any account), or one the directory rejects', async () => {
    await businessCode(loja.pixKeys.create({ pix_key_type: PixKeyType.EMAIL, pix_key_value: 'pix@loja.example' }), 501);
    await businessCode(loja.pixKeys.create({ pix_key_type: PixKeyType.EMAIL, pix_key_value: 'pix@filial.loja.example' }), 501);
    await businessCode(loja.pixKeys.create({ pix_key_type: PixKeyType.EMAIL, pix_key_value: 'antigo@padaria.example' }), 501); // inactive
    const created = await user.pixKeys.create({ pix_key_type: PixKeyType.PHONE, pix_key_value: '+5519911112222' });
    await businessCode(loja.pixKeys.create({ pix_key_type: PixKeyType.PHONE, pix_key_value: created.pix_key }), 501);
    await businessCode(loja.pixKeys.create({ pix_key_type: PixKeyType.CPF, pix_key_value: 'not-a-cpf' }), 501);
  });

  it('§7.2 500: PIX key create without account context', async () => {
    const closed = clientForId('cli_test_account_0002', sandbox.url, { now: () => sandbox.clock.now() });
    await businessCode(closed.pixKeys.create({ pix_key_type: PixKeyType.EVP }), 500);
  });

  it('a new key receives payments: static QR for it, initiate resolves it', async () => {
    const key = await user.pixKeys.create({ pix_key_type: PixKeyType.EMAIL, pix_key_value: 'nova@filial.loja.example' });
    const qr = await user.qrCodes.generateStatic({ pix_key: key.pix_key, amount: '9.90' });
    const init = await loja.transfers.qrCodeInitiate({ qr_code_payload: qr!.qr_code_payload as string });
    assert.equal(init.pix_key, 'nova@filial.loja.example');
    assert.equal(init.qr_code_id, qr!.qr_code_id);
  });
});
