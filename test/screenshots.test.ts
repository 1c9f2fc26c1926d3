/**
 * `npm run screenshots` still runs: every state is reached in real Chromium
 * (each shot waits for the text or attribute that proves its state) and every
 * picture is a whole PNG of a plausible size. The pictures themselves are not
 * compared: fonts and anti-aliasing differ between machines.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PNG } from 'pngjs';
import { SHOTS, takeScreenshots } from '../demo/screenshots.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test('the screenshot script writes one decodable PNG per state, each the element alone at a plausible size', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pay-screenshots-'));
  try {
    const written = await takeScreenshots(dir);
    const expected = SHOTS.map((shot) => `${shot.name}.png`);
    assert.deepEqual(
      written.map((path) => basename(path)),
      expected,
    );
    assert.deepEqual((await readdir(dir)).sort(), [...expected].sort());
    for (const shot of SHOTS) {
      const bytes = await readFile(join(dir, `${shot.name}.png`));
      assert.deepEqual(bytes.subarray(0, 8), PNG_SIGNATURE, `${shot.name}: PNG signature`);
      // A full decode checks every chunk's CRC and the compressed pixels.
      const { width, height } = PNG.sync.read(bytes);
      // Element crops: narrower than the viewport, and taller than one field.
      assert.ok(width >= 200 && width < shot.width, `${shot.name}: width ${width} for a ${shot.width} px viewport`);
      assert.ok(height >= 100 && height <= 1200, `${shot.name}: height ${height}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
