import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSandbox, type Sandbox } from '../src/sandbox/sandbox.js';
import { createClock } from '../src/sandbox/clock.js';
import { clientFor, stateSnapshot } from '../src/sandbox/v3/test-helpers.js';
import { accepted, answerProblem, closeConnections, hostileRequest, seeded, send } from './hostile-requests.js';

/** Bounded in count (and by the test timeout): the full flood is `bench/flood.ts`. */
const REQUESTS = 3_000;
const SEED = 20261122;

/**
 * Issue 13: the sandbox never answers 5xx, never leaks a stack trace, always
 * answers the §2.1 envelope, and a refused request leaves its state exactly
 * as it was. Seeded: a failure names the request number, and the same seed
 * replays it.
 */
describe('sandbox under hostile requests (seeded fuzz, loopback only)', { timeout: 180_000 }, () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await createSandbox({ clock: createClock({ frozenAt: Date.UTC(2026, 2, 14, 12) }) });
  });
  after(async () => {
    closeConnections();
    await sandbox.close();
  });

  it(`${REQUESTS} requests: no 5xx, no stack trace, always the envelope, no change on refusal`, async () => {
    const random = seeded(SEED);
    let refused = 0;
    let acceptedCount = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const request = await hostileRequest(random, sandbox.clock.now());
      const before = stateSnapshot(sandbox);
      const answer = await send(sandbox.url, request);
      const problem = answerProblem(answer);
      assert.equal(problem, null, `request #${i} (${request.label}): ${problem}`);
      if (accepted(answer)) {
        acceptedCount++;
        continue;
      }
      refused++;
      assert.equal(stateSnapshot(sandbox), before, `request #${i} (${request.label}) was refused but changed the state`);
    }
    // The generator reaches both sides, so the two checks above are both exercised.
    assert.ok(refused > REQUESTS / 2, `refused ${refused}`);
    assert.ok(acceptedCount > 50, `accepted ${acceptedCount}`);
  });

  it('afterwards every list still answers (nothing stored that later breaks a page)', async () => {
    const account = clientFor('ACCOUNT', sandbox.url, { now: () => sandbox.clock.now() });
    const user = clientFor('USER', sandbox.url, { now: () => sandbox.clock.now() });
    const platform = clientFor('PLATFORM', sandbox.url, { now: () => sandbox.clock.now() });
    await account.med.list({});
    await account.infractions.list({});
    await platform.masterAccounts.list({});
    for (let page = 1; page <= 30; page++) await user.managedAccounts.list({ page: { page, page_size: 100 } });
  });
});
