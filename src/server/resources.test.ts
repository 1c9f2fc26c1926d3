/**
 * The client's resource groups are derived from the operation table: one
 * method per entry, sending that entry, typed by its schemas. The
 * `@ts-expect-error` lines must not compile (`npm run typecheck` fails if one
 * does): they show the derived methods keep the types the hand-written ones
 * had.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from './client.js';
import type { Operation } from './policy.js';
import { createResources, type CallOptions, type Caller } from './resources.js';
import { ALL_OPERATIONS, Operations } from './schemas/operations.js';

/** A caller that answers every call with what it was given. */
function recorder(): Caller & { calls: { op: Operation; params: unknown; options: CallOptions | undefined }[] } {
  const calls: { op: Operation; params: unknown; options: CallOptions | undefined }[] = [];
  return {
    calls,
    call(op, params, options) {
      calls.push({ op, params, options });
      return Promise.resolve({ sent: op.name } as never);
    },
  };
}

describe('the client resources, derived from the operation table', () => {
  it('has one method per operation, named as the table names it', () => {
    assert.equal(ALL_OPERATIONS.length, 31);
    for (const [group, operations] of Object.entries(Operations)) {
      for (const [method, op] of Object.entries(operations)) {
        // The name in errors and logs is the method a merchant calls.
        assert.equal(op.name, `${group}.${method}`);
      }
    }
    const resources = createResources(recorder());
    assert.deepEqual(Object.keys(resources), Object.keys(Operations));
    for (const [group, methods] of Object.entries(resources)) {
      assert.deepEqual(Object.keys(methods), Object.keys(Operations[group as keyof typeof Operations]), group);
    }
  });

  it('each method sends its own operation, with the params and options given', async () => {
    const caller = recorder();
    const resources = createResources(caller);
    const signal = new AbortController().signal;
    for (const op of ALL_OPERATIONS) {
      const [group, method] = op.name.split('.') as [string, string];
      const call = (resources as unknown as Record<string, Record<string, (p: unknown, o: CallOptions) => Promise<unknown>>>)[group]![
        method
      ]!;
      assert.deepEqual(await call({ probe: op.name }, { signal }), { sent: op.name });
      const last = caller.calls.at(-1)!;
      assert.equal(last.op, op);
      assert.deepEqual(last.params, { probe: op.name });
      assert.equal(last.options?.signal, signal);
    }
    assert.equal(caller.calls.length, 31);
  });

  it('is what a client exposes, frozen', () => {
    const client = createClient({ baseUrl: 'https://api.example.com', credential: { clientId: 'c', secret: 's', kind: 'ACCOUNT' } });
    for (const group of Object.keys(Operations) as (keyof typeof Operations)[]) {
      assert.ok(Object.isFrozen(client[group]), group);
      assert.deepEqual(Object.keys(client[group]), Object.keys(Operations[group]));
    }
  });

  it('keeps each method’s types', () => {
    const client = createClient({ baseUrl: 'https://api.example.com', credential: { clientId: 'c', secret: 's', kind: 'ACCOUNT' } });
    // Declared, never called: these lines are checked by the compiler only.
    const typed = () => {
      // @ts-expect-error money is a decimal string, never a float
      void client.refunds.create({ original_settlement_id: 's', merchant_order_id: 'm', amount: 19.9 });
      // @ts-expect-error a read that needs params cannot be called without
      void client.refunds.details();
      // A list may be called without a filter, as before.
      void client.managedAccounts.list();
      void client.med.list();
      // The result is the response schema's.
      void client.transfers.statusCheck({ txn_id: 't' }).then((status) => status.txn_status.toFixed());
      // @ts-expect-error a group the table does not have
      void client.payouts;
    };
    void typed;
  });
});
