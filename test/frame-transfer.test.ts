/**
 * How the sandbox serves the card frame over the wire, as the real service
 * must (docs/sandbox.md#the-card-frame): compressed as the browser accepts
 * it, the page asked again every time and the content-hashed script kept.
 * Raw bytes read with `node:http`, which, unlike `fetch`, does not decompress.
 * Run `npm run build` first: the sandbox serves `dist/card-frame/`.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { readFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { acceptedEncoding } from '../src/sandbox/encoded-body.js';

let sandbox: Sandbox;
let script: string;
before(async () => {
  sandbox = await createSandbox();
  const page = await readFile(new URL('../dist/card-frame/card.html', import.meta.url), 'utf8');
  script = /src="\.\/(assets\/card-[\w-]+\.js)"/.exec(page)?.[1] ?? assert.fail(`card.html names no script: ${page.slice(0, 200)}`);
});
after(() => sandbox.close());

function fetchRaw(
  path: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    get(new URL(path, sandbox.url), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const onDisk = (file: string) => readFile(new URL(`../dist/card-frame/${file}`, import.meta.url));

for (const [what, file] of [
  ['the page', 'card.html'],
  ['the script', 'SCRIPT'],
] as const) {
  test(`${what}: brotli when accepted, else gzip, else as built; the same bytes once decoded`, async () => {
    const name = file === 'SCRIPT' ? script : file;
    const built = await onDisk(name);
    const br = await fetchRaw(`/frame/v1/${name}`, 'gzip, deflate, br, zstd');
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.deepEqual(brotliDecompressSync(br.body), built);
    const gzip = await fetchRaw(`/frame/v1/${name}`, 'gzip');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gzip.body), built);
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0.0']) {
      const plain = await fetchRaw(`/frame/v1/${name}`, header);
      assert.equal(plain.headers['content-encoding'], undefined, `Accept-Encoding: ${header}`);
      assert.deepEqual(plain.body, built);
    }
    // What compression is for: the script goes from about 45 KB to well under half.
    if (file === 'SCRIPT') assert.ok(br.body.length < built.length * 0.45, `${br.body.length} B brotli of ${built.length} B`);
  });
}

test('the page is asked again every time; the script, named by its content, is kept for a year', async () => {
  assert.equal((await fetchRaw('/frame/v1/card.html', 'br')).headers['cache-control'], 'no-cache');
  assert.equal((await fetchRaw(`/frame/v1/${script}`, 'br')).headers['cache-control'], 'public, max-age=31536000, immutable');
});

test('Accept-Encoding is read as HTTP says: names in any case, q=0 refuses one', () => {
  assert.equal(acceptedEncoding('gzip, deflate, br'), 'br');
  assert.equal(acceptedEncoding('GZIP'), 'gzip');
  assert.equal(acceptedEncoding('br;q=0, gzip'), 'gzip');
  assert.equal(acceptedEncoding('br; q=0.5'), 'br');
  assert.equal(acceptedEncoding('deflate, identity'), null);
  assert.equal(acceptedEncoding(undefined), null);
});
