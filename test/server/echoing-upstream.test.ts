import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { startRawServer } from './raw-servers.js';
import { tokenize } from '../../src/tokenize/tokenize.js';
import { basicAuthorization, createCharge } from '../../src/server/charges.js';
import { createClient } from '../../src/server/client.js';

/**
 * An upstream that echoes everything it receives, headers and body, into
 * every field of its answer (`message`, `code`, `data.reason`, `data`), with
 * each status the helpers map to an error. Whatever it says, no error may
 * carry the secret, the Basic credential, a signature or the card.
 */
describe('an upstream that echoes the request: errors stay clean', () => {
  let status = 200;
  let upstream: Awaited<ReturnType<typeof startRawServer>>;
  before(async () => {
    upstream = await startRawServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const echo = `${req.method} ${req.url} ${JSON.stringify(req.headers)} ${Buffer.concat(chunks).toString('utf8')}`;
        const body = {
          code: status === 200 ? `echo ${echo}` : 4002,
          message: echo,
          data: { reason: echo, echo: req.headers, body: Buffer.concat(chunks).toString('utf8') },
          time: Date.now(),
        };
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      });
    });
  });
  after(() => upstream.close());

  const SECRET = 'sec_test_echo_secret_1f2e3d4c5b6a';
  const SECRET_KEY = 'sk_test_51EchoMerchantSecret0001';
  const PAN = '4111111111111111';

  /** Every view a caller or a logger may print. */
  function views(error: unknown): string {
    return [
      String(error),
      (error as Error).stack ?? '',
      JSON.stringify(error),
      inspect(error, { showHidden: true, depth: 10 }),
      JSON.stringify(Object.entries(error as object)),
    ].join('\n');
  }

  for (const answer of [200, 400, 401, 403, 500, 502, 503]) {
    it(`v3 client and createCharge, HTTP ${answer}`, async () => {
      status = answer;
      const signatures: string[] = [];
      const client = createClient({
        baseUrl: upstream.url,
        credential: { clientId: 'cli_test_account_0001', secret: SECRET, kind: 'ACCOUNT' },
        maxReadRetries: 0,
        fetch: (input, init) => {
          signatures.push(new Headers(init?.headers).get('x-signature')!);
          return fetch(input, init);
        },
      });
      const errors = [
        await client.transfers.statusCheck({ txn_id: `txn ${PAN}` }).catch((e: unknown) => e),
        await createCharge(
          { baseUrl: upstream.url, secretKey: SECRET_KEY },
          { amount: 100, payment_method: 'credit_card', payment_details: { token: `tok ${PAN}`, installments: 1 } },
        ).catch((e: unknown) => e),
      ];
      const forbidden = [SECRET, SECRET_KEY, basicAuthorization(SECRET_KEY).slice('Basic '.length), PAN, ...signatures];
      assert.equal(signatures.length, 1);
      for (const error of errors) {
        assert.ok(error instanceof Error, String(error));
        const text = views(error);
        // The echo did reach the error (so the test can fail)…
        assert.match(text, /cli_test_account_0001|charges\.create/);
        // …but none of what it carried.
        for (const leak of forbidden) assert.equal(text.includes(leak), false, `${leak.slice(0, 6)}… leaked: ${text.slice(0, 300)}`);
      }
    });
  }

  for (const answer of [400, 401, 422, 500]) {
    it(`tokenize, HTTP ${answer}: neither the card nor the CVV comes back`, async () => {
      status = answer;
      const card = {
        number: '4111 1111 1111 1111',
        holderName: 'Ana Maria Silva',
        expirationMonth: '12',
        expirationYear: '2031',
        cvv: '987',
      };
      const error = await tokenize(card, { publicKey: 'pk_test_51LojaExemploActive0001', baseUrl: upstream.url }).catch((e: unknown) => e);
      assert.ok(error instanceof Error);
      const text = views(error);
      assert.match(text, /POST \/v1\/tokens/);
      for (const leak of [PAN, '4111 1111 1111 1111', '"987"', '987'])
        assert.equal(text.includes(leak), false, `leaked: ${text.slice(0, 300)}`);
    });
  }
});
