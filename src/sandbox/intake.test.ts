import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { createSandbox, type Sandbox } from './sandbox.js';
import { createClock } from './clock.js';
import { SANDBOX_ADMIN_TOKEN } from './routes/clock-control.js';
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, MAX_TOKEN_BODY_BYTES, isJsonContentType } from './intake.js';
import { signRequest } from '../server/signing.js';
import { v3Credential } from './v3/fixtures.js';
import { stateSnapshot } from './v3/test-helpers.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: { code: number | string; message: string; data: Record<string, unknown> | null; time: number } | null;
}

/** One request over node:http, so the request line, chunking and headers are exactly what the test says. */
function raw(
  base: string,
  r: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean },
): Promise<Raw> {
  const url = new URL(base);
  const body = typeof r.body === 'string' ? Buffer.from(r.body) : (r.body ?? Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: r.method ?? 'POST',
        path: r.path,
        headers: r.chunked ? r.headers : { ...r.headers, 'Content-Length': String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode!, headers: res.headers, json: text ? (JSON.parse(text) as Raw['json']) : null });
        });
      },
    );
    req.on('error', reject);
    if (r.chunked) {
      // Several chunks, no Content-Length: the limit must hold while the body streams.
      for (let at = 0; at < body.length; at += 8192) req.write(body.subarray(at, at + 8192));
      req.end();
    } else {
      req.end(body);
    }
  });
}

describe('the sandbox front door: Content-Type, size, JSON, CORS (docs/sandbox.md)', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox({ clock: createClock({ frozenAt: Date.UTC(2026, 2, 14, 12) }) });
  });
  after(() => sandbox.close());

  const LIST = '/v3/infractions/list';
  const signed = (body: string | Buffer, path = LIST) => {
    const { clientId, secret } = v3Credential('ACCOUNT');
    return signRequest({ method: 'POST', path, body, clientId, secret, timestamp: sandbox.clock.now() });
  };

  it('isJsonContentType: JSON types with parameters; a charset must be UTF-8', () => {
    for (const ok of [
      'application/json',
      'Application/JSON; charset=UTF-8',
      'application/json;charset="utf-8"',
      'application/problem+json',
    ])
      assert.equal(isJsonContentType(ok), true, ok);
    for (const bad of [undefined, '', 'text/plain', 'application/json; charset=latin1', 'application/jsonx', 'multipart/form-data'])
      assert.equal(isJsonContentType(bad), false, String(bad));
  });

  it('415 for a missing or non-JSON Content-Type, on v3, tokens and charges', async () => {
    for (const path of [LIST, '/v1/tokens', '/v1/charges']) {
      for (const type of [undefined, 'text/plain']) {
        const headers: Record<string, string> = { ...(await signed('{}', path)), Authorization: `Bearer pk_test_51LojaExemploActive0001` };
        if (path === '/v1/charges') headers.Authorization = `Basic ${Buffer.from('sk_test_51LojaExemploSecret0001:').toString('base64')}`;
        delete headers['Content-Type'];
        if (type) headers['Content-Type'] = type;
        const r = await raw(sandbox.url, { path, headers, body: '{}' });
        assert.deepEqual([r.status, r.json?.code, r.json?.data?.reason], [415, 415, 'unsupported_media_type'], `${path} ${type}`);
      }
    }
  });

  it('413 for an oversized body, declared or chunked, and nothing changes', async () => {
    const before = stateSnapshot(sandbox);
    const big = JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES) });
    for (const chunked of [false, true]) {
      const r = await raw(sandbox.url, { path: '/v3/med/create', headers: await signed(big, '/v3/med/create'), body: big, chunked });
      assert.deepEqual([r.status, r.json?.code, r.json?.data?.reason], [413, 413, 'body_too_large'], `chunked ${chunked}`);
    }
    const card = JSON.stringify({ card: { number: '4111111111111111', holderName: 'x'.repeat(MAX_TOKEN_BODY_BYTES) } });
    const tokens = await raw(sandbox.url, {
      path: '/v1/tokens',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer pk_test_51LojaExemploActive0001' },
      body: card,
      chunked: true,
    });
    assert.deepEqual([tokens.status, tokens.json?.code], [413, 413]);
    assert.equal(stateSnapshot(sandbox), before);
    // Just under the limit, chunked, is read and answered normally.
    const fits = JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES - 20) });
    const ok = await raw(sandbox.url, { path: LIST, headers: await signed(fits), body: fits, chunked: true });
    assert.deepEqual([ok.status, ok.json?.code], [200, 200]);
  });

  it('invalid_json (HTTP 400) for text that is not UTF-8 JSON, too deep, or with a __proto__ key: never §7.2 code 400', async () => {
    const cases: [string | Buffer, string][] = [
      ['{not json', 'not_json'],
      [Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]), 'not_json'],
      [`{"a":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`, 'too_deep'],
      [`{"a":${'['.repeat(6000)}${']'.repeat(6000)}}`, 'too_deep'],
      ['{"a":{"__proto__":{"polluted":true}}}', 'forbidden_key'],
    ];
    for (const [body, reason] of cases) {
      const r = await raw(sandbox.url, { path: '/v3/med/create', headers: await signed(body, '/v3/med/create'), body });
      assert.deepEqual([r.status, r.json?.code, r.json?.data?.reason], [400, 'invalid_json', reason], String(body).slice(0, 30));
    }
    const deepest = `{"a":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    assert.equal((await raw(sandbox.url, { path: LIST, headers: await signed(deepest), body: deepest })).json?.code, 200);
  });

  it('a body that comes after its headers is read whole, as one that comes with them', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(2_000) });
    const whole = await raw(sandbox.url, { path: LIST, headers: await signed(body), body });
    // Expect: 100-continue holds the body back until the server has taken the headers and answered 100,
    // so the route starts reading before any of the body has arrived.
    const headers = await signed(body);
    const url = new URL(sandbox.url);
    const later = await new Promise<Raw>((resolve, reject) => {
      const req = request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: LIST,
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)), Expect: '100-continue' },
      });
      req.on('continue', () => {
        req.write(body.slice(0, 1_000));
        req.end(body.slice(1_000));
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Raw['json'],
          }),
        );
      });
      req.on('error', reject);
    });
    assert.deepEqual([whole.status, whole.json?.code], [200, 200]);
    assert.deepEqual([later.status, later.json?.code], [200, 200]);
    assert.deepEqual(later.json?.data, whole.json?.data);
  });

  it('CORS: /v1/tokens answers preflights and any origin; v3 and the clock never do', async () => {
    const preflight = await raw(sandbox.url, {
      method: 'OPTIONS',
      path: '/v1/tokens',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, authorization',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
    assert.match(String(preflight.headers['access-control-allow-headers']), /Content-Type/);
    assert.match(String(preflight.headers['access-control-allow-headers']), /Authorization/);
    assert.equal(preflight.headers['access-control-allow-credentials'], undefined);
    const post = await raw(sandbox.url, {
      path: '/v1/tokens',
      headers: { 'Content-Type': 'application/json', Origin: 'https://shop.example' },
      body: '{}',
    });
    assert.equal(post.headers['access-control-allow-origin'], '*');
    for (const path of [LIST, '/sandbox/clock/advance']) {
      const r = await raw(sandbox.url, {
        method: 'OPTIONS',
        path,
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      assert.equal(r.headers['access-control-allow-origin'], undefined, path);
      assert.notEqual(r.status, 204, path);
    }
  });

  it('tokens: a card field that is not a string is a 422, never a crash', async () => {
    for (const number of [{ toString: 1 }, 4111111111111111, ['4111'], null]) {
      const body = JSON.stringify({ card: { number, holderName: 'Ana', expirationMonth: '12', expirationYear: '2031', cvv: '123' } });
      const r = await raw(sandbox.url, {
        path: '/v1/tokens',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer pk_test_51LojaExemploActive0001' },
        body,
      });
      if (number === null) assert.equal(r.status, 422);
      else assert.deepEqual([r.status, r.json?.code, r.json?.data?.field], [422, 4002, 'card.number'], JSON.stringify(number));
    }
  });

  it('a request line the HTTP parser refuses still gets the envelope, not a bare 400', async () => {
    const { connect } = await import('node:net');
    const url = new URL(sandbox.url);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.end('POST /v3/med/list HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (c: Buffer) => (data += c.toString('utf8')));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    assert.match(text, /^HTTP\/1\.1 400/);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { code: string };
    assert.equal(body.code, 'malformed_request');
  });
});

describe('the clock routes are locked down (docs/sandbox.md "Test clock")', () => {
  let sandbox: Sandbox;
  const start = Date.UTC(2026, 2, 14, 12);
  before(async () => {
    sandbox = await createSandbox({ clock: createClock({ frozenAt: start }) });
  });
  after(() => sandbox.close());
  const ADMIN = { 'Content-Type': 'application/json', Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}` };

  it('a move needs the admin credential (401) and a JSON Content-Type (415): a cross-site text/plain POST moves nothing', async () => {
    const body = '{"ms":60000}';
    const none = await raw(sandbox.url, { path: '/sandbox/clock/advance', headers: { 'Content-Type': 'application/json' }, body });
    assert.deepEqual([none.status, none.json?.code, none.json?.data?.reason], [401, 401, 'admin_credential_required']);
    const wrong = await raw(sandbox.url, {
      path: '/sandbox/clock/advance',
      headers: { ...ADMIN, Authorization: 'Bearer adm_wrong' },
      body,
    });
    assert.equal(wrong.status, 401);
    // What a form or `fetch(…, { mode: 'no-cors' })` on another site can send: no credential, text/plain.
    const crossSite = await raw(sandbox.url, {
      path: '/sandbox/clock/set',
      headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
      body: `{"now":${start + 1}}`,
    });
    assert.equal(crossSite.status, 401);
    const plain = await raw(sandbox.url, { path: '/sandbox/clock/advance', headers: { ...ADMIN, 'Content-Type': 'text/plain' }, body });
    assert.equal(plain.status, 415);
    assert.equal(sandbox.clock.now(), start);
    const ok = await raw(sandbox.url, { path: '/sandbox/clock/advance', headers: ADMIN, body });
    assert.deepEqual([ok.status, ok.json?.data?.now], [200, start + 60_000]);
  });

  it('absurd moves are refused (4002) and change nothing; later requests still work', async () => {
    const before = sandbox.clock.now();
    for (const [path, body] of [
      ['/sandbox/clock/advance', { ms: 2 ** 53 }],
      ['/sandbox/clock/advance', { ms: 11 * 365 * 24 * 3_600_000 }],
      ['/sandbox/clock/set', { now: Date.UTC(2100, 0, 1) + 1 }],
      ['/sandbox/clock/set', { now: 8.64e15 }],
    ] as const) {
      const r = await raw(sandbox.url, { path, headers: ADMIN, body: JSON.stringify(body) });
      assert.deepEqual([r.status, r.json?.code], [400, 4002], JSON.stringify(body));
    }
    assert.equal(sandbox.clock.now(), before);
    const read = await raw(sandbox.url, { method: 'GET', path: '/sandbox/clock' });
    assert.equal(read.json?.data?.now, before);
  });
});
