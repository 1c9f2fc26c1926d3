/**
 * Test vectors that an independent generator (a Python script beside the
 * test) wrote to JSON beside itself. The test reads the committed JSON, and,
 * where `python3` is installed, checks that the generator still writes it
 * byte for byte, so the two cannot part.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function hasPython(): boolean {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The vectors `generator` (a `.py` file) wrote to the `.json` of the same name, with the test that it still does. */
export function generatedVectors<T>(generator: URL): T {
  const committed = readFileSync(new URL(generator.href.replace(/\.py$/, '.json')), 'utf8');
  it('the committed vectors are what the generator writes', { skip: !hasPython() && 'python3 is not available' }, () => {
    const fresh = execFileSync('python3', [fileURLToPath(generator)], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    assert.equal(fresh, committed);
  });
  return JSON.parse(committed) as T;
}
