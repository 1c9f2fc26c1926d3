/**
 * How the sandbox serves the card frame over the wire, as the real service
 * must (docs/sandbox.md#the-card-frame): the page with its script inline,
 * allowed by its hash, compressed as the browser accepts it, revalidated
 * every time, and the content-hashed chunks beside it kept. Raw bytes read
 * with `node:http`, which, unlike `fetch`, does not decompress. Run
 * `npm run build` first: the sandbox serves `dist/card-frame/`.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { get } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { acceptedEncoding } from '../src/sandbox/encoded-body.js';
import { importsIn } from '../bench/import-graph.js';

const FRAME_DIR = new URL('../dist/card-frame/', import.meta.url);
let sandbox: Sandbox;
/** The chunk the form loads once it shows: the brand marks. */
let chunk: string;
before(async () => {
  sandbox = await createSandbox();
  const files = await readdir(FRAME_DIR);
  chunk =
    files.find((file) => /^brand-marks-[\w-]+\.js$/.test(file)) ?? assert.fail(`no brand marks in dist/card-frame: ${files.join(', ')}`);
});
after(() => sandbox.close());

function fetchRaw(
  path: string,
  acceptEncoding?: string,
  more: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...more };
    get(new URL(path, sandbox.url), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const onDisk = (file: string) => readFile(new URL(file, FRAME_DIR));

for (const [what, file] of [
  ['the page', 'card.html'],
  ['a chunk', 'CHUNK'],
] as const) {
  test(`${what}: brotli when accepted, else gzip, else as built; the same bytes once decoded`, async () => {
    const name = file === 'CHUNK' ? chunk : file;
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
    // What compression is for: the page, its script inside, goes from about 42 KB to well under half.
    if (file === 'card.html') assert.ok(br.body.length < built.length * 0.45, `${br.body.length} B brotli of ${built.length} B`);
  });
}

test('the page is revalidated every time, and unchanged costs a 304; a chunk, named by its content, is kept for a year', async () => {
  const page = await fetchRaw('/frame/v1/card.html', 'br');
  assert.equal(page.headers['cache-control'], 'no-cache');
  const etag = String(page.headers.etag);
  // Weak: the same page is sent as brotli, gzip or as built, in bytes that differ.
  assert.match(etag, /^W\/"[\w+/=]+"$/);
  const again = await fetchRaw('/frame/v1/card.html', 'br', { 'if-none-match': etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  assert.equal(again.headers.etag, etag);
  // A strong form of the same tag matches too: If-None-Match compares weakly.
  assert.equal((await fetchRaw('/frame/v1/card.html', 'gzip', { 'if-none-match': etag.slice(2) })).status, 304);
  const other = await fetchRaw('/frame/v1/card.html', 'br', { 'if-none-match': '"another build"' });
  assert.equal(other.status, 200);
  assert.deepEqual(brotliDecompressSync(other.body), await onDisk('card.html'));
  assert.equal((await fetchRaw(`/frame/v1/${chunk}`, 'br')).headers['cache-control'], 'public, max-age=31536000, immutable');
});

test('the page carries its script inline, and the policy allows that script by its hash and no other inline code', async () => {
  const page = (await onDisk('card.html')).toString('utf8');
  const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  assert.equal(scripts.length, 1, 'one script in card.html');
  const [, attributes, code] = scripts[0]!;
  assert.doesNotMatch(attributes!, /\bsrc=/, 'the script is inline');
  assert.ok(code!.length > 10_000, `the form's whole script is inline (${code!.length} characters)`);
  const hash = createHash('sha256').update(code!).digest('base64');
  const csp = String((await fetchRaw('/frame/v1/card.html', 'br')).headers['content-security-policy']);
  const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src '));
  assert.equal(scriptSrc, `script-src 'self' 'sha256-${hash}'`);
});

test("every file the frame loads is beside the page, and no chunk imports from the page's inline script", async () => {
  const page = (await onDisk('card.html')).toString('utf8');
  const inline = /<script type="module">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? assert.fail('no inline module script');
  const files = await readdir(FRAME_DIR);
  const fromPage = importsIn('card.js', inline);
  assert.deepEqual(fromPage.static, [], 'the inline script imports nothing at once');
  assert.ok(fromPage.dynamic.length >= 2, `the brand marks and the Parcelas chunk load on demand: ${fromPage.dynamic.join(', ')}`);
  const chunks = files.filter((file) => file.endsWith('.js'));
  assert.deepEqual([...fromPage.dynamic].sort(), [...chunks].sort(), 'each chunk is one the page loads');
  for (const file of chunks) {
    const found = importsIn(file, (await onDisk(file)).toString('utf8'));
    assert.deepEqual([...found.static, ...found.dynamic], [], `${file} imports nothing: it would load the script again`);
    const served = await fetchRaw(`/frame/v1/${file}`, 'br');
    assert.equal(served.status, 200, file);
  }
});

test('Accept-Encoding is read as HTTP says: names in any case, q=0 refuses one', () => {
  assert.equal(acceptedEncoding('gzip, deflate, br'), 'br');
  assert.equal(acceptedEncoding('GZIP'), 'gzip');
  assert.equal(acceptedEncoding('br;q=0, gzip'), 'gzip');
  assert.equal(acceptedEncoding('br; q=0.5'), 'br');
  assert.equal(acceptedEncoding('deflate, identity'), null);
  assert.equal(acceptedEncoding(undefined), null);
});
