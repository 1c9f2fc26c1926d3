/**
 * demo/pix.html: the whole PIX loop against the sandbox, through the demo's
 * server routes (demo/pix-api.ts). This page holds no credential.
 */
export {};

const STATUS_NAMES: Record<number, string> = {
  1: 'PENDING',
  2: 'COMPLETED',
  3: 'FAILED',
  4: 'CANCELLED',
  5: 'PROCESSING',
  6: 'REFUNDED',
  7: 'PARTIALLY_REFUNDED',
  8: 'DISPUTED',
};
const isFinal = (status: number) => status !== 1 && status !== 5;
const statusText = (status: number) => `${STATUS_NAMES[status] ?? 'UNKNOWN'} (${status})`;

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const log = $<HTMLOListElement>('#pix-log');
const errorBox = $<HTMLParagraphElement>('#error');

interface ApiError {
  error: string;
  code?: number | string;
  message: string;
}

async function api<T>(route: string, body: object): Promise<T> {
  const res = await fetch(`/demo-api/${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
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

/** Runs a step, showing its error in the alert region instead of failing silently. */
async function step(button: HTMLButtonElement, run: () => Promise<void>) {
  errorBox.textContent = '';
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    await run();
  } catch (error) {
    errorBox.textContent = (error as Error).message;
    note(`error: ${(error as Error).message}`);
    button.disabled = false;
  } finally {
    button.removeAttribute('aria-busy');
  }
}

/** Polls a status route every second until final, recording each new status. */
function tracker(route: string, key: string, live: HTMLElement, history: HTMLOListElement, label: string, onFinal: (status: number) => void) {
  let id = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: number | undefined;
  const show = (status: number) => {
    live.textContent = `${label}: ${statusText(status)}`;
    live.dataset.status = STATUS_NAMES[status] ?? String(status);
    if (status !== last) {
      const item = document.createElement('li');
      item.textContent = statusText(status);
      history.append(item);
      note(`${label.toLowerCase()} ${statusText(status)}`);
    }
    last = status;
    if (isFinal(status)) {
      clearTimeout(timer);
      onFinal(status);
    }
  };
  const poll = async () => {
    clearTimeout(timer);
    const { txn_status } = await api<{ txn_status: number }>(route, { [key]: id });
    show(txn_status);
    if (!isFinal(txn_status)) timer = setTimeout(() => void poll().catch(() => {}), 1000);
  };
  return {
    start(newId: string, status: number) {
      id = newId;
      last = undefined;
      history.replaceChildren();
      show(status);
      if (!isFinal(status)) timer = setTimeout(() => void poll().catch(() => {}), 1000);
    },
    poll,
  };
}

let quote: { ref_id: string; amount?: string; settlement_id: string } | undefined;

const generate = $<HTMLButtonElement>('#generate');
const initiate = $<HTMLButtonElement>('#initiate');
const confirmButton = $<HTMLButtonElement>('#confirm');
const pollButton = $<HTMLButtonElement>('#poll');
const refund = $<HTMLButtonElement>('#refund');
const refundPoll = $<HTMLButtonElement>('#refund-poll');

const transfer = tracker('status', 'txn_id', $('#transfer-status'), $('#transfer-history'), 'Payment status', (status) => {
  refund.disabled = status !== 2;
});
const refundTracker = tracker('refund-status', 'refund_id', $('#refund-status'), $('#refund-history'), 'Refund status', () => {});

$<HTMLFormElement>('#qr-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void step(generate, async () => {
    const qr = await api<{ qr_code_id: string; qr_code_payload: string; amount: string }>('qr', { amount: $<HTMLInputElement>('#amount').value.trim() });
    $<HTMLTextAreaElement>('#payload').value = qr.qr_code_payload;
    $('#qr-id').textContent = qr.qr_code_id;
    note(`QR code ${qr.qr_code_id} generated for R$ ${qr.amount}`);
    generate.disabled = false;
    initiate.disabled = false;
  });
});

initiate.addEventListener('click', () =>
  void step(initiate, async () => {
    quote = await api<{ ref_id: string; amount?: string; settlement_id: string; payee?: { name?: string } }>('initiate', { payload: $<HTMLTextAreaElement>('#payload').value });
    const payee = (quote as { payee?: { name?: string } }).payee;
    $('#payee').textContent = payee?.name ?? '–';
    $('#quote-amount').textContent = quote.amount ? `R$ ${quote.amount}` : 'chosen by the payer';
    $('#ref-id').textContent = quote.ref_id;
    note(`initiated: reference ${quote.ref_id}, valid five minutes`);
    confirmButton.disabled = false;
    initiate.disabled = false; // a reference can be fetched again, e.g. after five minutes
  }),
);

confirmButton.addEventListener('click', () =>
  void step(confirmButton, async () => {
    const result = await api<{ txn_id: string; txn_status: number }>('confirm', { ref_id: quote!.ref_id, amount: quote!.amount ?? $<HTMLInputElement>('#amount').value.trim() });
    $('#txn-id').textContent = result.txn_id;
    note(`confirmed: transaction ${result.txn_id}`);
    pollButton.disabled = false;
    transfer.start(result.txn_id, result.txn_status);
  }),
);

pollButton.addEventListener('click', () => void step(pollButton, async () => {
  await transfer.poll();
  pollButton.disabled = false;
}));

$<HTMLFormElement>('#refund-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void step(refund, async () => {
    const created = await api<{ refund_id: string; txn_status: number; amount: string }>('refund', {
      settlement_id: quote!.settlement_id,
      amount: $<HTMLInputElement>('#refund-amount').value.trim(),
    });
    note(`refund ${created.refund_id} of R$ ${created.amount} created`);
    refundPoll.disabled = false;
    refundTracker.start(created.refund_id, created.txn_status);
    refund.disabled = false;
  });
});

refundPoll.addEventListener('click', () => void step(refundPoll, async () => {
  await refundTracker.poll();
  refundPoll.disabled = false;
}));

const advance = $<HTMLButtonElement>('#advance');
advance.addEventListener('click', () =>
  void step(advance, async () => {
    const { now } = await api<{ now: number }>('advance', { ms: 5000 });
    note(`sandbox clock advanced to ${new Date(now).toISOString()}`);
    advance.disabled = false;
  }),
);
