/**
 * The sandbox's handlers are registered from a table that `satisfies` the
 * client's operation table. Each `@ts-expect-error` below is a line that
 * must not compile, and `npm run typecheck` fails if one ever does: a
 * handler table that lacks an operation (one left out, a group left out, or
 * an operation added to the table and not to the sandbox) is a compile
 * error, not a 404 found later. The runtime half shows the routes are the
 * table's, one for one.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { ALL_OPERATIONS, Operations } from '../../server/schemas/operations.js';
import { createClock } from '../clock.js';
import type { SandboxContext } from '../context.js';
import { registerV3Routes, V3_HANDLERS } from './register.js';
import type { HandlerTable } from './route.js';

describe('the v3 handler table', () => {
  it('does not compile when an operation has no handler', () => {
    // One operation's handler left out.
    const { statusCheck: _statusCheck, ...refundsWithoutStatus } = V3_HANDLERS.refunds;
    // @ts-expect-error refunds.statusCheck has no handler
    void ({ ...V3_HANDLERS, refunds: refundsWithoutStatus } satisfies HandlerTable<typeof Operations>);
    // A whole group left out.
    const { med: _med, ...withoutMed } = V3_HANDLERS;
    // @ts-expect-error the med group has no handlers
    void (withoutMed satisfies HandlerTable<typeof Operations>);
    // An operation added to the table, and not to the sandbox.
    type Grown = typeof Operations & { refunds: { cancel: (typeof Operations)['refunds']['create'] } };
    // @ts-expect-error refunds.cancel has no handler
    void (V3_HANDLERS satisfies HandlerTable<Grown>);
    // A handler whose body is not the operation's request: `amount` is a decimal string.
    const refunds: HandlerTable<typeof Operations>['refunds'] = {
      ...V3_HANDLERS.refunds,
      // @ts-expect-error toFixed does not exist on a string
      create: ({ body }) => ({ data: body.amount.toFixed(2) }),
    };
    void refunds;
    // And the table as it is compiles.
    void (V3_HANDLERS satisfies HandlerTable<typeof Operations>);
  });

  it('registers one POST route per operation of the table, and nothing else', () => {
    const app = new Hono();
    registerV3Routes(app, { clock: createClock() } as SandboxContext);
    const routes = app.routes.map((r) => `${r.method} ${r.path}`).sort();
    assert.equal(ALL_OPERATIONS.length, 31);
    assert.deepEqual(routes, ALL_OPERATIONS.map((op) => `POST ${op.path}`).sort());
  });

  it('has a handler for every operation, group by group, at run time too', () => {
    for (const [group, operations] of Object.entries(Operations)) {
      const handlers = V3_HANDLERS[group as keyof typeof V3_HANDLERS];
      assert.deepEqual(Object.keys(handlers).sort(), Object.keys(operations).sort(), group);
    }
    assert.deepEqual(Object.keys(V3_HANDLERS).sort(), Object.keys(Operations).sort());
  });
});
