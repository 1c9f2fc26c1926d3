/**
 * demo/pix.html: the whole PIX loop against the sandbox, through the demo's
 * server routes (demo/pix-api.ts). This page holds no credential.
 */
import '../src/pix.js';
import type { PayPixQr } from '../src/pix.js';

/** A status as the demo server reports it: the §2.10 number, its name, and whether polling can stop. */
interface Status {
  txn_status: number;
  status_name: string;
  final: boolean;
}
const statusText = (s: Status) => `${s.status_name} (${s.txn_status})`;

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

/**
 * Amounts as a Brazilian writes them ("25,00") or with a dot ("25.00"): the
 * amount fields accept both, and the page sends the dot the API expects.
 */
const amountIn = (id: string) => $<HTMLInputElement>(id).value.trim().replace(',', '.');
const log = $<HTMLOListElement>('#pix-log');
const errorBox = $<HTMLParagraphElement>('#error');

interface ApiError {
  error: string;
  code?: number | string;
  message: string;
}

async function api<T>(route: string, body: object): Promise<T> {
  const res = await fetch(`/demo-api/${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T | ApiError;
  if (!res.ok) {
    const e = json as ApiError;
    throw new Error(e.code !== undefined ? `${e.error} ${String(e.code)}: ${e.message}` : `${e.error}: ${e.message}`);
  }
  return json as T;
}

function note(text: string) {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  log.prepend(item);
}

/** Puts an error in the alert region and the log, so nothing fails silently. */
function showError(error: unknown) {
  errorBox.textContent = (error as Error).message;
  note(`error: ${(error as Error).message}`);
}

/** Runs a step, showing its error in the alert region instead of failing silently. */
async function step(button: HTMLButtonElement, run: () => Promise<void>) {
  errorBox.textContent = '';
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    await run();
  } catch (error) {
    showError(error);
    button.disabled = false;
  } finally {
    button.removeAttribute('aria-busy');
  }
}

/** Polls a status route every second until final, recording each new status. */
function tracker(
  route: string,
  key: string,
  live: HTMLElement,
  history: HTMLOListElement,
  label: string,
  onFinal: (status: Status) => void,
) {
  let id = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: number | undefined;
  const show = (status: Status) => {
    live.textContent = `${label}: ${statusText(status)}`;
    live.dataset.status = status.status_name;
    if (status.txn_status !== last) {
      const item = document.createElement('li');
      item.textContent = statusText(status);
      history.append(item);
      note(`${label.toLowerCase()} ${statusText(status)}`);
    }
    last = status.txn_status;
    if (status.final) {
      clearTimeout(timer);
      onFinal(status);
    } else {
      timer = setTimeout(() => void poll().catch(showError), 1000);
    }
  };
  const poll = async () => {
    clearTimeout(timer);
    show(await api<Status>(route, { [key]: id }));
  };
  return {
    start(newId: string, status: Status) {
      id = newId;
      last = undefined;
      history.replaceChildren();
      show(status);
    },
    poll,
  };
}

let quote: { ref_id: string; amount?: string; settlement_id: string } | undefined;
let payload = '';
const pix = $<PayPixQr>('#pix');

const generate = $<HTMLButtonElement>('#generate');
const simulate = $<HTMLButtonElement>('#simulate');
const initiate = $<HTMLButtonElement>('#initiate');
const confirmButton = $<HTMLButtonElement>('#confirm');
const pollButton = $<HTMLButtonElement>('#poll');
const refund = $<HTMLButtonElement>('#refund');
const refundPoll = $<HTMLButtonElement>('#refund-poll');

const transfer = tracker('status', 'txn_id', $('#transfer-status'), $('#transfer-history'), 'Payment status', (status) => {
  refund.disabled = status.status_name !== 'COMPLETED';
});
const refundTracker = tracker('refund-status', 'refund_id', $('#refund-status'), $('#refund-history'), 'Refund status', () => {});

$<HTMLFormElement>('#qr-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void step(generate, async () => {
    const qr = await api<{ qr_code_id: string; qr_code_payload: string; amount: string; expires_at: number; now: number }>('qr', {
      amount: amountIn('#amount'),
    });
    payload = qr.qr_code_payload;
    // The countdown follows the sandbox's clock, which "advance" moves, not this device's.
    const offset = qr.now - Date.now();
    pix.now = () => Date.now() + offset;
    pix.status = 'pending';
    pix.expiresAt = qr.expires_at;
    pix.payload = payload;
    pix.hidden = false;
    $('#qr-id').textContent = qr.qr_code_id;
    note(`QR code ${qr.qr_code_id} generated for R$ ${qr.amount}`);
    generate.disabled = false;
    initiate.disabled = false;
    simulate.disabled = false;
    watchQrCode(qr.qr_code_id);
  });
});

/**
 * The merchant's side: its backend reads the QR code's own status (not the
 * payer's transfer, which it cannot see) and the page tells the element.
 */
let qrTimer: ReturnType<typeof setTimeout> | undefined;
function watchQrCode(id: string) {
  clearTimeout(qrTimer);
  const live = $('#qr-status');
  const check = async () => {
    const { status } = await api<{ status: string }>('qr-status', { qr_code_id: id });
    live.textContent = `QR code status: ${status}`;
    if (status === 'PAID' || status === 'EXPIRED') {
      pix.status = status === 'PAID' ? 'paid' : 'expired';
      note(`QR code ${id} is ${status}`);
    } else qrTimer = setTimeout(() => void check().catch(showError), 1000);
  };
  void check().catch(showError);
}

async function initiatePayment() {
  quote = await api<{ ref_id: string; amount?: string; settlement_id: string; payee?: { name?: string } }>('initiate', { payload });
  const payee = (quote as { payee?: { name?: string } }).payee;
  $('#payee').textContent = payee?.name ?? '–';
  $('#quote-amount').textContent = quote.amount ? `R$ ${quote.amount}` : 'chosen by the payer';
  $('#ref-id').textContent = quote.ref_id;
  note(`initiated: reference ${quote.ref_id}, valid five minutes`);
}

async function confirmPayment() {
  const result = await api<{ txn_id: string } & Status>('confirm', {
    ref_id: quote!.ref_id,
    amount: quote!.amount ?? amountIn('#amount'),
  });
  $('#txn-id').textContent = result.txn_id;
  note(`confirmed: transaction ${result.txn_id}`);
  pollButton.disabled = false;
  transfer.start(result.txn_id, result);
}

simulate.addEventListener(
  'click',
  () =>
    void step(simulate, async () => {
      await initiatePayment();
      await confirmPayment();
    }),
);

initiate.addEventListener(
  'click',
  () =>
    void step(initiate, async () => {
      await initiatePayment();
      confirmButton.disabled = false;
      initiate.disabled = false; // a reference can be fetched again, e.g. after five minutes
    }),
);

confirmButton.addEventListener('click', () => void step(confirmButton, confirmPayment));

pollButton.addEventListener(
  'click',
  () =>
    void step(pollButton, async () => {
      await transfer.poll();
      pollButton.disabled = false;
    }),
);

$<HTMLFormElement>('#refund-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void step(refund, async () => {
    const created = await api<{ refund_id: string; amount: string } & Status>('refund', {
      settlement_id: quote!.settlement_id,
      amount: amountIn('#refund-amount'),
    });
    note(`refund ${created.refund_id} of R$ ${created.amount} created`);
    refundPoll.disabled = false;
    refundTracker.start(created.refund_id, created);
    refund.disabled = false;
  });
});

refundPoll.addEventListener(
  'click',
  () =>
    void step(refundPoll, async () => {
      await refundTracker.poll();
      refundPoll.disabled = false;
    }),
);

const advance = $<HTMLButtonElement>('#advance');
advance.addEventListener(
  'click',
  () =>
    void step(advance, async () => {
      const { now } = await api<{ now: number }>('advance', { ms: 5000 });
      note(`sandbox clock advanced to ${new Date(now).toISOString()}`);
      advance.disabled = false;
    }),
);
