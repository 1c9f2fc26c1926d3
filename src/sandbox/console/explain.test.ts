import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import luhn10 from 'card-validator/dist/luhn-10.js';
import { SignatureHeader } from '../../server/signing.js';
import { explainSignatureRefusal, type SignatureRefusalInput } from './explain.js';

/** The first time from `from` on whose 13 digits pass the Luhn check: what a card-number rule would take for a card. */
function luhnTime(from: number): string {
  let time = from;
  while (!luhn10(String(time))) time++;
  return String(time);
}

function refusal(reason: SignatureRefusalInput['reason'], timestamp: string): SignatureRefusalInput {
  const headers: Record<string, string> = {
    [SignatureHeader.CLIENT_ID]: 'cli_test_account_0001',
    [SignatureHeader.TIMESTAMP]: timestamp,
    [SignatureHeader.NONCE]: 'explain0test0nonce0000000000001',
    [SignatureHeader.SIGNATURE]: 'a'.repeat(64),
  };
  return {
    reason,
    message: 'refused',
    method: 'POST',
    path: '/v3/transfers/status/check',
    header: (name) => headers[name],
    body: new Uint8Array(),
  };
}

async function shownTimestamp(input: SignatureRefusalInput): Promise<string | undefined> {
  const refusal = await explainSignatureRefusal(input);
  assert.equal(refusal.kind, 'signature');
  if (refusal.kind !== 'signature') return undefined;
  return refusal.canonical?.find((line) => line.label === 'X-Timestamp')?.value;
}

describe('explainSignatureRefusal', () => {
  it('shows a timestamp the verifier read as a time inside its window as sent, even when its digits pass the Luhn check', async () => {
    const timestamp = luhnTime(1_795_636_969_000);
    for (const reason of ['signature_mismatch', 'content_hash_mismatch', 'nonce_replayed'] as const) {
      assert.equal(await shownTimestamp(refusal(reason, timestamp)), timestamp, reason);
    }
  });

  it('scrubs a timestamp the verifier did not take as a time: it may be a card number in the wrong header', async () => {
    const timestamp = luhnTime(1_795_636_969_000);
    for (const reason of ['timestamp_out_of_window', 'unknown_client', 'malformed_header'] as const) {
      assert.equal(await shownTimestamp(refusal(reason, timestamp)), '[redacted]', reason);
    }
    // Digits that fail the Luhn check are no card number, and show as sent.
    const plain = String(Number(timestamp) + 1);
    assert.equal(await shownTimestamp(refusal('timestamp_out_of_window', plain)), plain);
  });
});
