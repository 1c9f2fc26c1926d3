/**
 * Requests refused before any route (docs/sandbox.md "Refused requests"):
 * by Node's HTTP parser, by HTTP/1.1's Host rule, by the Node adapter when it
 * cannot make a URL of the request, and CONNECT. Sent over raw sockets, as
 * no HTTP client would send them, each must get the envelope as JSON with a
 * reason and the status the refusal calls for, and the console's log must
 * record it as it records a route's refusal.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { createSandbox, type Sandbox } from './sandbox.js';
import { createClock } from './clock.js';
import { UNPARSED_PATH } from './console/request-log.js';
import type { LogEntry } from '../console/api.js';

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
  /** Everything the connection carried back, to count the answers in it. */
  text: string;
}

/** Writes `request` on a new connection and reads until the sandbox closes it. */
function exchange(port: number, request: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve(parse(Buffer.concat(chunks).toString('utf8'))));
  });
}

function parse(text: string): RawAnswer {
  const split = text.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
  const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(statusLine ?? '')?.[1]), headers, body: text.slice(split + 4), text };
}

describe('requests refused before any route get the envelope and a log entry', () => {
  let sandbox: Sandbox;
  let host: string;
  const now = Date.UTC(2026, 2, 14, 12);
  before(async () => {
    sandbox = await createSandbox({ clock: createClock({ frozenAt: now }) });
    host = `127.0.0.1:${sandbox.port}`;
  });
  after(() => sandbox.close());

  /** The answer is a JSON envelope with this code and reason, a message, the sandbox's time, and the connection closes. */
  function assertEnvelope(answer: RawAnswer, status: number, code: string | number, reason: string, label: string): void {
    assert.equal(answer.status, status, `${label}: ${answer.text.slice(0, 200)}`);
    assert.equal(answer.headers.get('content-type'), 'application/json', label);
    assert.equal(answer.headers.get('connection'), 'close', label);
    assert.equal(Number(answer.headers.get('content-length')), Buffer.byteLength(answer.body), label);
    const envelope = JSON.parse(answer.body) as { code: unknown; message: unknown; data: unknown; time: unknown };
    assert.deepEqual(Object.keys(envelope).sort(), ['code', 'data', 'message', 'time'], label);
    assert.deepEqual([envelope.code, envelope.data, envelope.time], [code, { reason }, now], label);
    assert.ok(typeof envelope.message === 'string' && envelope.message.length > 40, `${label}: a message that says what to send`);
  }

  /** The newest log entry, as the console reads it in full. */
  async function newestEntry(): Promise<LogEntry> {
    const newest = sandbox.context.log.summaries().at(-1)!;
    const res = await fetch(`${sandbox.url}/sandbox/console/requests/${newest.id}`);
    return (await res.json()) as LogEntry;
  }

  function assertLogged(entry: LogEntry, expected: Partial<LogEntry> & { reason: string }, label: string): void {
    const { reason, ...fields } = expected;
    for (const [key, value] of Object.entries(fields)) assert.deepEqual(entry[key as keyof LogEntry], value, `${label}: ${key}`);
    assert.equal(entry.refused, true, label);
    assert.equal(entry.refusal?.kind, 'other', label);
    assert.equal(entry.refusal?.kind === 'other' && entry.refusal.reason, reason, label);
    // As the log shows any answer: pretty-printed and redacted (the frozen time reads as a card number).
    assert.match(entry.responseBody ?? '', new RegExp(`"reason": "${reason}"`), `${label}: the answer, as sent`);
  }

  it('a request the Node adapter cannot make a URL of: "*", a broken absolute URL, another scheme, a backslash, a bad Host', async () => {
    const cases: [label: string, method: string, target: string, hostHeader: string, reason: string][] = [
      ['OPTIONS *', 'OPTIONS', '*', host, 'asterisk_target'],
      ['GET *', 'GET', '*', host, 'asterisk_target'],
      ['an absolute URL that does not parse', 'GET', 'http://[oops/v1/tokens', host, 'invalid_absolute_target'],
      ['an absolute URL with an out-of-range port', 'POST', 'http://127.0.0.1:99999/v1/tokens', host, 'invalid_absolute_target'],
      ['another scheme', 'GET', 'ftp://files.example/v1/tokens', host, 'unsupported_target'],
      ['a backslash in the path', 'POST', '/v1\\tokens', host, 'backslash_in_path'],
      ['a Host with a space', 'GET', '/sandbox/clock', 'shop example', 'invalid_host'],
      ['a Host with user info', 'GET', '/sandbox/clock', 'user@127.0.0.1', 'invalid_host'],
      ['a Host with a path', 'GET', '/sandbox/clock', '127.0.0.1/x', 'invalid_host'],
      ['a Host with an out-of-range port', 'GET', '/sandbox/clock', '127.0.0.1:99999', 'invalid_host'],
    ];
    for (const [label, method, target, hostHeader, reason] of cases) {
      const answer = await exchange(sandbox.port, `${method} ${target} HTTP/1.1\r\nHost: ${hostHeader}\r\nContent-Length: 0\r\n\r\n`);
      assertEnvelope(answer, 400, 'malformed_request', reason, label);
      assertLogged(await newestEntry(), { method, path: target, status: 400, code: 'malformed_request', reason }, label);
    }
  });

  it('an HTTP/1.1 request without Host is refused in the envelope, as Node refused it bare, an absolute URL included', async () => {
    for (const target of ['/v1/tokens', `http://${host}/v1/tokens`]) {
      const answer = await exchange(sandbox.port, `POST ${target} HTTP/1.1\r\nContent-Length: 0\r\n\r\n`);
      assertEnvelope(answer, 400, 'malformed_request', 'missing_host', target);
      assertLogged(await newestEntry(), { method: 'POST', path: target, status: 400, reason: 'missing_host' }, target);
    }
  });

  it('an Expect other than 100-continue, which Node refused bare, is a 417', async () => {
    const answer = await exchange(
      sandbox.port,
      `POST /v1/tokens HTTP/1.1\r\nHost: ${host}\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
    );
    assertEnvelope(answer, 417, 417, 'expectation_failed', 'Expect');
    assertLogged(
      await newestEntry(),
      { method: 'POST', path: '/v1/tokens', status: 417, code: 417, reason: 'expectation_failed' },
      'Expect',
    );
  });

  it('CONNECT, which Node closed without a word, is a 405: the sandbox is not a proxy', async () => {
    const answer = await exchange(sandbox.port, 'CONNECT pay.example:443 HTTP/1.1\r\nHost: pay.example:443\r\n\r\n');
    assertEnvelope(answer, 405, 405, 'not_a_proxy', 'CONNECT');
    assertLogged(
      await newestEntry(),
      { method: 'CONNECT', path: 'pay.example:443', status: 405, code: 405, reason: 'not_a_proxy' },
      'CONNECT',
    );
  });

  it("Node's parser refusals say which rule failed, and are logged though no method or path was read", async () => {
    const cases: [label: string, request: string | Buffer, status: number, code: string | number, reason: string][] = [
      [
        'Content-Length not a number',
        `POST /v1/tokens HTTP/1.1\r\nHost: ${host}\r\nContent-Length: abc\r\n\r\n`,
        400,
        'malformed_request',
        'invalid_content_length',
      ],
      [
        'a space in a header name',
        `GET /sandbox/clock HTTP/1.1\r\nHost: ${host}\r\nBad Name: 1\r\n\r\n`,
        400,
        'malformed_request',
        'invalid_header',
      ],
      ['a space in the path', `GET /sandbox/a b HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 400, 'malformed_request', 'invalid_request_line'],
      [
        'a TLS handshake on the plain HTTP port',
        Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00]),
        400,
        'malformed_request',
        'tls_to_http',
      ],
      [
        'headers over the limit',
        `GET /sandbox/clock HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
        431,
        'headers_too_large',
      ],
    ];
    for (const [label, request, status, code, reason] of cases) {
      const answer = await exchange(sandbox.port, request);
      assertEnvelope(answer, status, code, reason, label);
      assertLogged(await newestEntry(), { method: '', path: UNPARSED_PATH, credential: null, status, code, reason }, label);
    }
  });

  it('a parser refusal is never written into an answer already under way on the connection', async () => {
    // The console's event stream: an answer that stays open. Bytes that do not parse follow it on the same connection.
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(sandbox.port, '127.0.0.1', () =>
        socket.write(`GET /sandbox/console/events HTTP/1.1\r\nHost: ${host}\r\n\r\n`),
      );
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        const first = received === '';
        received += chunk.toString('utf8');
        if (first) socket.write('NOT HTTP AT ALL\r\n\r\n');
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    assert.match(text, /^HTTP\/1\.1 200 /);
    assert.equal(text.match(/HTTP\/1\.1 \d{3}/g)?.length, 1, text.slice(0, 300));
  });

  it('a refusal quotes nothing that was sent, and the log redacts the target and headers as a route refusal is redacted', async () => {
    const pan = '4111111111111111';
    const secret = 'mystery_secret_4471';
    const basic = Buffer.from(`${secret}:`).toString('base64');
    const answer = await exchange(
      sandbox.port,
      `GET /v1\\tokens?number=${pan}&key=${secret} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Basic ${basic}\r\n\r\n`,
    );
    assertEnvelope(answer, 400, 'malformed_request', 'backslash_in_path', 'secrets in the target');
    for (const value of [pan, secret, basic]) assert.ok(!answer.text.includes(value), `the answer quotes ${value}`);
    const entry = await newestEntry();
    assert.equal(entry.credential, 'unknown secret key');
    assert.match(entry.path, /^\/v1\\tokens\?/);
    const shown = JSON.stringify([entry, await (await fetch(`${sandbox.url}/sandbox/console/requests`)).text()]);
    for (const value of [pan, secret, basic]) assert.ok(!shown.includes(value), `the console shows ${value}: ${entry.path}`);
  });

  it('requests the adapter can read are answered by the routes as before: an absolute URL naming another host, HTTP/1.0 without Host', async () => {
    const absolute = await exchange(
      sandbox.port,
      `GET http://elsewhere.example/v1/nothing HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    );
    assert.equal(absolute.status, 404);
    assert.equal(JSON.parse(absolute.body).message, 'No route GET /v1/nothing.');
    const old = await exchange(sandbox.port, 'GET /sandbox/clock HTTP/1.0\r\n\r\n');
    assert.equal(old.status, 200);
    assert.equal(JSON.parse(old.body).data.now, now);
  });
});
