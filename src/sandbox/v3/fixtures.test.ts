import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DECLINING_TEST_CARDS, TEST_CARDS } from '../test-cards.js';
import { describeFixtures } from '../banner.js';
import { validateCard } from '../../card/validators.js';
import { describeV3Fixtures, V3_CREDENTIALS, V3_QR_PAYLOADS, V3_SETTLEMENTS } from './fixtures.js';
import { decodeBrCode } from '../../pix/br-code.js';

/** Always in the future, so the suite never ages into failure. */
const FUTURE_YEAR = String(new Date().getFullYear() + 5);

/** docs/sandbox.md, "Fixtures": there is one for every case, the CLI prints them at start, and they are the same on every start. */
describe('sandbox fixtures', () => {
  it('are the same in a fresh process (stable across restarts)', () => {
    const script = `import { describeV3Fixtures } from ${JSON.stringify(fileURLToPath(new URL('./fixtures.ts', import.meta.url)))}; process.stdout.write(describeV3Fixtures());`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, describeV3Fixtures());
  });

  it('credentials of each kind; QR payloads are valid BR Codes; settlements of each kind', () => {
    assert.deepEqual([...new Set(V3_CREDENTIALS.map((c) => c.kind))].sort(), ['ACCOUNT', 'PLATFORM', 'USER']);
    for (const [name, payload] of Object.entries(V3_QR_PAYLOADS)) assert.ok(decodeBrCode(payload).ok, name);
    const withAmount = decodeBrCode(V3_QR_PAYLOADS.activeWithAmount);
    assert.ok(withAmount.ok && withAmount.code.amount === '25.00');
    const withoutAmount = decodeBrCode(V3_QR_PAYLOADS.activeWithoutAmount);
    assert.ok(withoutAmount.ok && withoutAmount.code.amount === undefined);
    assert.equal(V3_SETTLEMENTS.length, 4);
  });

  it('test cards: every number passes the card checks; the declining ones too', () => {
    const expiry = { holderName: 'Ana', expirationMonth: '12', expirationYear: FUTURE_YEAR };
    for (const card of [...TEST_CARDS, ...DECLINING_TEST_CARDS]) {
      const cvv = card.brand === 'amex' ? '1234' : '123';
      assert.ok(validateCard({ number: card.number, cvv, ...expiry }).valid, card.number);
    }
  });

  it('the start banner prints the v3 fixtures', () => {
    const banner = describeFixtures('http://127.0.0.1:4010');
    for (const text of [
      V3_QR_PAYLOADS.activeWithAmount,
      'stl_sandbox_inbound_91d',
      'cli_test_account_0002',
      'ma_sandbox_pa_0001',
      'mst_sandbox_0001',
      'antigo@padaria.example',
    ]) {
      assert.ok(banner.includes(text), text);
    }
  });
});
