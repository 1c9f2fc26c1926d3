import type { Hono } from 'hono';
import { TxnStatus } from '../../server/enums.js';
import { TransferOperations as Ops } from '../../server/schemas/transfers.js';
import type { SandboxContext } from '../context.js';
import { echo, newId, notFound, registerOperation } from './route.js';
import { v3State, type TransferRecord } from './state.js';

/**
 * Placeholder lifecycle of a confirmed transfer: PENDING, PROCESSING after
 * 500 ms, COMPLETED after 1 s on the sandbox clock. The rules of the next
 * issue replace it.
 */
export const TRANSFER_STEPS_MS = { processing: 500, completed: 1000 } as const;

/** §4.2 transfers. */
export function registerTransferRoutes(app: Hono, ctx: SandboxContext): void {
  const state = v3State(ctx);

  registerOperation(app, ctx, Ops.keyInitiate, ({ body, now }) => ({ data: echo('pki', body, now) }));
  registerOperation(app, ctx, Ops.keyConfirm, ({ body, now }) => ({ data: echo('pkc', body, now) }));

  // §2.6: the shown fields, with sandbox values (a fixed-amount QR paying the Loja Exemplo key).
  registerOperation(app, ctx, Ops.qrCodeInitiate, ({ now }) => ({
    data: {
      ref_id: newId('ref'),
      pix_key: 'pix@loja.example',
      pix_key_type: 3,
      qr_code_id: newId('qr'),
      expires: now + 5 * 60_000,
      amount: '25.00',
      settlement_id: newId('stl'),
      qr_code_type: 1,
      currency: 'BRL',
      memo: '',
      qr_code_status: 0,
    },
  }));

  // §2.7: submitted, not settled; the status moves on in the background.
  registerOperation(app, ctx, Ops.qrCodeConfirm, ({ body, account, now }) => {
    const record: TransferRecord = {
      txnId: newId('txn'),
      accountId: account!.id,
      merchantOrderId: body.merchant_order_id,
      amount: body.amount,
      status: TxnStatus.PENDING,
      createdAt: now,
      updatedAt: now,
    };
    state.transfers.set(record.txnId, record);
    const step = (status: TxnStatus) => () => {
      record.status = status;
      record.updatedAt = ctx.clock.now();
    };
    ctx.clock.schedule(now + TRANSFER_STEPS_MS.processing, step(TxnStatus.PROCESSING));
    ctx.clock.schedule(now + TRANSFER_STEPS_MS.completed, step(TxnStatus.COMPLETED));
    return { data: { merchant_order_id: record.merchantOrderId, txn_id: record.txnId, txn_status: record.status } };
  });

  registerOperation(app, ctx, Ops.pixBankAccount, ({ body, now }) => ({ data: echo('pix', body, now) }));
  registerOperation(app, ctx, Ops.tedBankAccount, ({ body, now }) => ({ data: echo('ted', body, now) }));

  // Not shown: echo; a known `txn_id` adds what the sandbox knows of it.
  registerOperation(app, ctx, Ops.details, ({ body, account, now }) => {
    const record = typeof body.txn_id === 'string' ? state.transfers.get(body.txn_id) : undefined;
    if (!record || record.accountId !== account!.id) return { data: echo('txn', body, now) };
    return {
      data: {
        ...body,
        txn_id: record.txnId,
        merchant_order_id: record.merchantOrderId,
        amount: record.amount,
        txn_status: record.status,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
      },
    };
  });

  // §4.2: limited to the selected account.
  registerOperation(app, ctx, Ops.statusCheck, ({ body, account }) => {
    const record = state.transfers.get(body.txn_id);
    if (!record || record.accountId !== account!.id) return notFound('transfer');
    return { data: { txn_status: record.status } };
  });
}
