import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { createSandbox, type Sandbox } from '../sandbox.js';
import { signRequest } from '../../server/signing.js';
import { v3Credential } from './fixtures.js';

/**
 * docs/signing.md: the signed PATH is the request target exactly as sent on
 * the request line, byte for byte: no decoding or re-encoding of percent
 * escapes, hex case kept, an empty "?" kept. Sent with node:http, which puts
 * the path on the wire as given (fetch would normalise it first).
 */
describe('signatures cover the request target as sent', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox();
  });
  after(() => sandbox.close());

  async function send(sentPath: string, signedPath = sentPath): Promise<{ status: number; reason: string | undefined }> {
    const body = '{}';
    const { clientId, secret } = v3Credential('ACCOUNT');
    const headers = await signRequest({ method: 'POST', path: signedPath, body, clientId, secret, timestamp: sandbox.clock.now() });
    const url = new URL(sandbox.url);
    return new Promise((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method: 'POST', path: sentPath, headers }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () =>
          resolve({ status: res.statusCode!, reason: (JSON.parse(text) as { data: { reason?: string } | null }).data?.reason }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  const LIST = '/v3/infractions/list';

  it('a query with quote characters verifies when signed as sent', async () => {
    for (const path of [`${LIST}?q='a'`, `${LIST}?q="a"`, `${LIST}?q=a%20b`, `${LIST}?q=%7e`, `${LIST}?`]) {
      assert.equal((await send(path)).status, 200, path);
    }
  });

  it('percent-encoding, hex case and an empty query are part of what is signed', async () => {
    for (const [sent, signed] of [
      [`${LIST}?q='a'`, `${LIST}?q=%27a%27`],
      [`${LIST}?q=%7e`, `${LIST}?q=%7E`],
      [`${LIST}?q=%7E`, `${LIST}?q=~`],
      [`${LIST}?`, LIST],
      [LIST, `${LIST}?`],
    ] as const) {
      const r = await send(sent, signed);
      assert.deepEqual([r.status, r.reason], [401, 'signature_mismatch'], `sent ${sent}, signed ${signed}`);
    }
  });
});
