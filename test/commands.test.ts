/**
 * The command-line entry points as a user meets them, each started as its
 * own process:
 *
 * - `npm start` ends its output with the bare card form, checkout and PIX URLs;
 * - a port that is already taken ends the sandbox command and the demos with
 *   one line that names the variable to change, and exit code 1: no
 *   EADDRINUSE stack trace. Each case holds a port on loopback, then starts
 *   the command on it.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
let holder: Server;
let busy: number;

before(async () => {
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  busy = (holder.address() as { port: number }).port;
});

after(() => new Promise<void>((resolve) => holder.close(() => resolve())));

/** Runs a TypeScript entry with `env` added; resolves with its exit code and output once it exits. */
function runScript(script: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', script],
      { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

function assertOneLineHint(result: { code: number | null; stdout: string; stderr: string }, variable: string) {
  assert.equal(result.code, 1, `exit code (stderr: ${result.stderr})`);
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line on stderr, got:\n${result.stderr}`);
  assert.match(lines[0]!, new RegExp(`\\b${busy}\\b.*in use.*Set ${variable}=?\\b`));
  assert.match(lines[0]!, new RegExp(`${variable}=${busy + 1}\\b`));
  assert.doesNotMatch(result.stderr, /EADDRINUSE|\n\s+at /);
}

test('npx pay-card-form-sandbox on a busy PORT says to set PORT, in one line', async () => {
  assertOneLineHint(await runScript('src/sandbox/cli.ts', { PORT: String(busy), HOST: '127.0.0.1' }), 'PORT');
});

test('npm start with the sandbox port busy says to set SANDBOX_PORT, in one line', async () => {
  assertOneLineHint(await runScript('demo/serve.ts', { SANDBOX_PORT: String(busy), PORT: '0' }), 'SANDBOX_PORT');
});

test('a demo with its page port busy says to set PORT, in one line', async () => {
  assertOneLineHint(await runScript('demo/script-tag/serve.ts', { PORT: String(busy), SANDBOX_PORT: '0' }), 'PORT');
});

test('a port that is not a number is refused in one line before anything listens', async () => {
  const result = await runScript('src/sandbox/cli.ts', { PORT: 'http' });
  assert.equal(result.code, 1);
  assert.equal(result.stderr.trim(), 'pay-card-form-sandbox: PORT must be a port number from 0 to 65535, not "http".');
  assert.equal(result.stdout, '');
});

test('npm start ends its output with the bare card form, checkout and PIX URLs, and the three pages load', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/serve.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', SANDBOX_PORT: '0' },
  });
  try {
    let stdout = '';
    // The start is over once the PIX line, the last one, is out.
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (/^PIX:.*\n/m.test(stdout)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`npm start exited with ${code} before printing its URLs:\n${stdout}`)));
    });
    const lines = stdout.trimEnd().split('\n');
    const [card, checkout, pix] = lines
      .slice(-3)
      .map((line) => line.match(/^(Card form|Checkout|PIX):\s+(http:\/\/127\.0\.0\.1:\d+\/\S*)$/));
    assert.ok(card && card[1] === 'Card form', `third line from the end: ${lines.at(-3)}`);
    assert.ok(checkout && checkout[1] === 'Checkout', `next to last line: ${lines.at(-2)}`);
    assert.ok(pix && pix[1] === 'PIX', `last line: ${lines.at(-1)}`);
    assert.equal(card[2], new URL('card.html', checkout[2]).href);
    assert.equal(pix[2], new URL('pix.html', checkout[2]).href);
    for (const [url, title, element] of [
      [card[2]!, /<title>[^<]*card form/, '<pay-card-form'],
      [checkout[2]!, /<title>[^<]*checkout/, '<pay-checkout'],
      [pix[2]!, /<title>[^<]*PIX/, '<pay-pix-qr'],
    ] as const) {
      const response = await fetch(url);
      assert.equal(response.status, 200, url);
      const page = await response.text();
      assert.match(page, title, url);
      assert.ok(page.includes(element), `${url} holds ${element}`);
      assert.doesNotMatch(page, /%[A-Z_]+%/, `${url}: every placeholder filled in by the server`);
    }
  } finally {
    // Ctrl-C's twin: the demo closes its servers and exits.
    const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(child.exitCode)));
    child.kill('SIGTERM');
    await exited;
  }
});
