import { ReactiveElement } from '@lit/reactive-element';
import type * as z from 'zod/mini';
import { h } from '../dom/h.js';
import {
  ADMIN_META,
  ConsolePath,
  LogEntry,
  LogSnapshot,
  LogSummary,
  StartInfo,
  StateSnapshot,
  type Refusal,
  type StateTable,
} from './api.js';
import { styles } from './sandbox-console.styles.js';

/** Which check of the signature failed, as the developer would name it. */
const CHECK_NAMES: Record<Extract<Refusal, { kind: 'signature' }>['check'], string> = {
  missing_header: 'missing header',
  malformed_header: 'malformed header',
  target_pair_incomplete: 'target pair (X-ISPB and X-Account-Number go together)',
  unknown_client: 'unknown client ID',
  timestamp_out_of_window: 'timestamp window',
  content_hash_mismatch: 'body hash (X-Content-Hash)',
  signature_mismatch: 'signature',
  nonce_replayed: 'nonce replay',
};

const TABLES: Record<StateTable, string> = {
  accounts: 'Accounts and balances',
  qrCodes: 'QR codes',
  transfers: 'Transfers',
  refunds: 'Refunds',
  medCases: 'MED cases',
  tokens: 'Card tokens (brand and last four only)',
  charges: 'Charges',
};

/** Sandbox time as the log shows it: UTC, to the millisecond. */
const time = (ms: number) => new Date(ms).toISOString().slice(11, 23);

/** A value that arrived, checked against its declaration; null when it does not fit (and nothing is shown from it). */
function checked<T extends z.ZodMiniType>(schema: T, value: unknown): z.output<T> | null {
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/** A state column that holds a moment (`created_at`, `expires_at`…): Unix ms, shown in the reader's own time zone. */
const MOMENT = /_at$/;
const localTime = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const text = (value: string) => document.createTextNode(value);

/** A state cell: a moment as a `<time>` in local time (its ISO form kept in `datetime`), anything else as text. */
function cell(column: string, value: string | number | boolean | null | undefined): Node {
  if (value === null || value === undefined) return text('—');
  if (typeof value === 'number' && MOMENT.test(column))
    return h('time', { datetime: new Date(value).toISOString() }, text(localTime(value)));
  return text(String(value));
}

/**
 * The sandbox's console (`GET /` of the sandbox): every request live, each
 * refusal explained, the state, and the actions that move it. It reads only
 * the console's routes (`api.ts`), checks everything that arrives against
 * their declarations, and shows text only as text. Everything it is sent has
 * been redacted by the sandbox already. It has no reactive properties: the
 * log grows by one row at a time, so it writes its DOM itself, as events come.
 *
 * @summary The sandbox's developer console: request log, refusals explained, state and actions.
 */
export class SandboxConsole extends ReactiveElement {
  static override styles = styles;

  #summaries: LogSummary[] = [];
  #selected: LogEntry | null = null;
  #state: StateSnapshot | null = null;
  #events: EventSource | null = null;
  #stateQueued = false;
  /** The admin token, when the sandbox put it in the page (this machine only). */
  #admin = document.querySelector<HTMLMetaElement>(`meta[name="${ADMIN_META}"]`)?.content ?? '';

  #rows!: HTMLTableSectionElement;
  #count!: HTMLElement;
  #detail!: HTMLElement;
  #stateBox!: HTMLElement;
  #clock!: HTMLElement;
  #status!: HTMLElement;
  #tokenInput!: HTMLInputElement;
  #start!: HTMLElement;

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.#rows) {
      this.#build();
      void this.#loadStart();
    }
    this.#events = new EventSource(ConsolePath.EVENTS);
    this.#events.addEventListener('snapshot', (e) => {
      const snapshot = checked(LogSnapshot, JSON.parse((e as MessageEvent<string>).data));
      if (!snapshot) return;
      this.#summaries = snapshot.entries.reverse();
      this.#renderList();
      this.#queueState();
      if (!this.hasAttribute('ready')) {
        performance.mark('console-first-render');
        this.setAttribute('ready', '');
      }
    });
    this.#events.addEventListener('request', (e) => {
      const summary = checked(LogSummary, JSON.parse((e as MessageEvent<string>).data));
      if (!summary) return;
      this.#summaries.unshift(summary);
      this.#rows.prepend(this.#row(summary));
      this.#setCount();
      this.#queueState();
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#events?.close();
    this.#events = null;
  }

  #build(): void {
    const root = this.renderRoot;
    this.#count = h('span', { class: 'muted', id: 'count' });
    this.#rows = h<HTMLTableSectionElement>('tbody', { id: 'rows' });
    this.#rows.addEventListener('click', (event) => {
      const id = (event.target as Element).closest('button.row')?.getAttribute('data-id');
      if (id) void this.#open(Number(id));
    });
    this.#detail = h(
      'section',
      { id: 'detail', 'aria-labelledby': 'detail-title', tabindex: '-1' },
      h('h2', { id: 'detail-title' }, text('Request')),
    );
    this.#detail.append(h('p', { class: 'muted' }, text('Choose a request to see its bodies and, when refused, why.')));
    this.#stateBox = h('div', { id: 'state-tables' });
    this.#clock = h('span', { id: 'clock' });
    this.#status = h('p', { id: 'action-status', role: 'status' });
    this.#tokenInput = h<HTMLInputElement>('input', { id: 'admin-token', type: 'password', autocomplete: 'off' });
    this.#start = h('section', { id: 'start', 'aria-labelledby': 'start-title' }, h('h2', { id: 'start-title' }, text('Start here')));

    const advance = h<HTMLSelectElement>('select', { id: 'advance-by' });
    for (const [label, ms] of [
      ['1 second', 1_000],
      ['5 seconds', 5_000],
      ['1 minute', 60_000],
      ['5 minutes', 300_000],
      ['1 hour', 3_600_000],
      ['1 day', 86_400_000],
    ] as const) {
      advance.append(h('option', { value: String(ms) }, text(label)));
    }
    const advanceButton = h('button', { type: 'button', id: 'advance' }, text('Advance the clock'));
    advanceButton.addEventListener('click', () => void this.#act(ConsolePath.CLOCK_ADVANCE, { ms: Number(advance.value) }, 'Clock moved.'));
    const reset = h('button', { type: 'button', id: 'reset' }, text('Reset the sandbox'));
    reset.addEventListener('click', () => void this.#act(ConsolePath.RESET, {}, 'Back to the fixtures.'));

    const payForm = this.#payForm();
    const tokenField = this.#admin
      ? []
      : [h('label', { for: 'admin-token' }, text('Admin token (the banner prints it)')), this.#tokenInput];

    root.append(
      h(
        'header',
        {},
        h('h1', {}, text('Sandbox console')),
        h('span', {}, text('Sandbox time '), this.#clock),
        h('label', { for: 'advance-by' }, text('Advance by')),
        advance,
        advanceButton,
        reset,
        ...tokenField,
        h('a', { href: ConsolePath.OPENAPI }, text('OpenAPI document')),
      ),
      h(
        'main',
        {},
        this.#start,
        h(
          'section',
          { id: 'requests', 'aria-labelledby': 'requests-title' },
          h('h2', { id: 'requests-title' }, text('Requests '), this.#count),
          h(
            'div',
            { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'Request log' },
            h(
              'table',
              {},
              h('caption', {}, text('Newest first; refused requests in red')),
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ...['Time', 'Method', 'Path', 'Credential', 'HTTP', 'Code', 'ms'].map((t) => h('th', { scope: 'col' }, text(t))),
                ),
              ),
              this.#rows,
            ),
          ),
        ),
        this.#detail,
        h(
          'section',
          { id: 'state', 'aria-labelledby': 'state-title' },
          h('h2', { id: 'state-title' }, text('State')),
          this.#status,
          payForm,
          this.#stateBox,
        ),
      ),
    );
  }

  async #loadStart(): Promise<void> {
    const res = await fetch(ConsolePath.START);
    const start = res.ok ? checked(StartInfo, await res.json()) : null;
    if (start) this.#renderStart(start);
  }

  /** The first screen: the page's `base-url`, each merchant's test keys with a copy button, the test cards and documents, the docs. */
  #renderStart(start: StartInfo): void {
    const status = h('p', { id: 'copy-status', role: 'status' });
    const copyable = (id: string, what: string, value: string) => {
      const button = h('button', { type: 'button', class: 'copy', 'aria-label': `Copy ${what}`, 'data-copies': id }, text('Copy'));
      button.addEventListener('click', () => {
        navigator.clipboard.writeText(value).then(
          () => (status.textContent = `Copied ${what}.`),
          () => (status.textContent = `Could not copy ${what}: select it and copy it yourself.`),
        );
      });
      return [h('code', { id }, text(value)), text(' '), button];
    };
    const keys = start.merchants.flatMap((m, i) => [
      h('dt', {}, text(`${m.name} (${m.id}): public key, for the page`)),
      h('dd', {}, ...copyable(`public-key-${i}`, `the public key of ${m.name}`, m.publicKey)),
      h('dt', {}, text(`${m.name}: secret key, for your backend only (Basic auth)`)),
      h('dd', {}, ...copyable(`secret-key-${i}`, `the secret key of ${m.name}`, m.secretKey)),
    ]);
    const snippet = `<pay-card-form base-url="${start.baseUrl}" public-key="${start.merchants[0]?.publicKey ?? ''}"></pay-card-form>`;
    this.#start.append(
      h(
        'dl',
        {},
        h('dt', {}, text('base-url, for a page')),
        h('dd', {}, ...copyable('base-url', 'the base-url', start.baseUrl)),
        h('dd', {}, h('code', { id: 'snippet' }, text(snippet))),
        ...keys,
      ),
      status,
      h(
        'div',
        { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'Test cards', id: 'test-cards' },
        h(
          'table',
          {},
          h('caption', {}, text('Test cards: any holder name, any future expiry, CVV 123 (1234 for Amex)')),
          h('thead', {}, h('tr', {}, ...['Brand', 'Number', 'Charges'].map((c) => h('th', { scope: 'col' }, text(c))))),
          h(
            'tbody',
            {},
            ...start.cards.map((card) =>
              h(
                'tr',
                {},
                h('td', {}, text(card.brand)),
                h('td', {}, h('code', {}, text(card.number))),
                h('td', {}, text(card.declineCode ? `declined: ${card.declineCode}` : 'approved')),
              ),
            ),
          ),
        ),
      ),
      h(
        'p',
        { id: 'test-documents' },
        text('Test documents (collect-tax-id, customer.tax_id): '),
        ...start.taxIds.flatMap((d, i) => [...(i ? [text(', ')] : []), text(`${d.kind} `), h('code', {}, text(d.value))]),
      ),
      h('p', {}, h('a', { href: start.docsUrl, id: 'docs-link' }, text('The sandbox documentation'))),
    );
  }

  /** Any BR Code, paid as one of the sandbox's accounts: a code from a demo page, or a fixture's. */
  #payForm(): HTMLElement {
    const payload = h<HTMLInputElement>('input', { id: 'pay-payload', autocomplete: 'off', spellcheck: 'false' });
    const payer = h<HTMLSelectElement>('select', { id: 'pay-payer' });
    for (const account of ['acc_sandbox_loja', 'acc_sandbox_filial']) payer.append(h('option', { value: account }, text(account)));
    const amount = h<HTMLInputElement>('input', { id: 'pay-amount', inputmode: 'decimal', placeholder: 'only for a code without one' });
    const submit = h('button', { type: 'submit' }, text('Pay'));
    const form = h<HTMLFormElement>(
      'form',
      { id: 'pay-form', class: 'actions', 'aria-label': 'Pay a QR code as a payer' },
      h('label', { for: 'pay-payload' }, text('Pay a BR Code')),
      payload,
      h('label', { for: 'pay-payer' }, text('as')),
      payer,
      h('label', { for: 'pay-amount' }, text('amount')),
      amount,
      submit,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const body = {
        qr_code_payload: payload.value.trim(),
        payer_account_id: payer.value,
        ...(amount.value.trim() ? { amount: amount.value.trim() } : {}),
      };
      void this.#act(ConsolePath.PAY_QR, body, 'QR code paid.');
    });
    return form;
  }

  #setCount(): void {
    this.#count.textContent = `(${this.#summaries.length})`;
  }

  #renderList(): void {
    const fragment = document.createDocumentFragment();
    for (const summary of this.#summaries) fragment.append(this.#row(summary));
    this.#rows.replaceChildren(fragment);
    this.#setCount();
  }

  #row(s: LogSummary): HTMLTableRowElement {
    // One listener on the table body opens any row (see #build): a thousand rows need no thousand listeners.
    const open = h('button', { type: 'button', class: 'row', 'data-id': String(s.id) }, text(s.path));
    const row = h<HTMLTableRowElement>(
      'tr',
      { class: s.refused ? 'refused' : '', 'data-id': String(s.id) },
      h('td', {}, text(time(s.at))),
      h('td', {}, text(s.method)),
      h('td', {}, open),
      h('td', {}, text(s.credential ?? '—')),
      h('td', {}, text(String(s.status))),
      h('td', {}, text(s.code === null ? '—' : String(s.code))),
      h('td', {}, text(String(s.durationMs))),
    );
    return row;
  }

  async #open(id: number): Promise<void> {
    const res = await fetch(`${ConsolePath.REQUESTS}/${id}`);
    const entry = res.ok ? checked(LogEntry, await res.json()) : null;
    for (const row of this.#rows.querySelectorAll('tr[aria-current]')) row.removeAttribute('aria-current');
    this.#rows.querySelector(`tr[data-id="${id}"]`)?.setAttribute('aria-current', 'true');
    this.#selected = entry;
    this.#renderDetail();
    this.#detail.focus();
  }

  #renderDetail(): void {
    const e = this.#selected;
    const title = h('h2', { id: 'detail-title' }, text(e ? `${e.method} ${e.path}` : 'Request'));
    if (!e) {
      this.#detail.replaceChildren(title, h('p', {}, text('That request is no longer in the log.')));
      return;
    }
    const facts = h(
      'dl',
      {},
      ...(
        [
          ['Time', time(e.at)],
          ['Credential', e.credential ?? 'none'],
          ['HTTP status', String(e.status)],
          ['Code', e.code === null ? '—' : String(e.code)],
          ['Duration', `${e.durationMs} ms`],
        ] as const
      ).flatMap(([term, value]) => [h('dt', {}, text(term)), h('dd', {}, text(value))]),
    );
    this.#detail.dataset.id = String(e.id);
    const parts: Node[] = [title, facts];
    if (e.refusal) parts.push(this.#refusal(e.refusal));
    parts.push(h('h3', {}, text('Request body')), h('pre', { id: 'request-body' }, text(e.requestBody ?? '(none)')));
    parts.push(h('h3', {}, text('Response body')), h('pre', { id: 'response-body' }, text(e.responseBody ?? '(none)')));
    this.#detail.replaceChildren(...parts);
  }

  #refusal(r: Refusal): HTMLElement {
    const box = h('div', { id: 'refusal', 'data-kind': r.kind }, h('h3', {}, text('Why it was refused')));
    switch (r.kind) {
      case 'signature': {
        box.append(
          h(
            'p',
            {},
            text('Failed check: '),
            h('span', { class: 'failed', id: 'failed-check', 'data-check': r.check }, text(CHECK_NAMES[r.check])),
          ),
          h('p', {}, text(r.message)),
        );
        if (r.canonical) {
          box.append(
            h(
              'table',
              { id: 'canonical' },
              h('caption', {}, text('The canonical string the sandbox computed, line by line')),
              h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, text('Line')), h('th', { scope: 'col' }, text('Value')))),
              h(
                'tbody',
                {},
                ...r.canonical.map((line) =>
                  h('tr', {}, h('th', { scope: 'row' }, text(line.label)), h('td', {}, h('code', {}, text(line.value)))),
                ),
              ),
            ),
          );
        } else {
          box.append(h('p', {}, text('No canonical string: a header it needs is missing.')));
        }
        box.append(
          h('p', {}, text('Expected content hash: '), h('code', { id: 'expected-hash' }, text(r.expectedContentHash))),
          h('p', { class: 'muted' }, text(r.contentHashSent ? 'X-Content-Hash was sent.' : 'No X-Content-Hash was sent (it is optional).')),
        );
        break;
      }
      case 'policy':
        box.append(
          h('p', {}, text('Rule: '), h('span', { id: 'rule' }, text(r.rule))),
          h('p', { class: 'muted' }, text(`reason: ${r.reason}`)),
        );
        break;
      case 'validation':
        box.append(h('ul', { id: 'fields' }, ...r.fields.map((f) => h('li', {}, h('code', {}, text(f.field)), text(`: ${f.problem}`)))));
        break;
      case 'other':
        box.append(h('p', {}, text(r.message)), ...(r.reason ? [h('p', { class: 'muted' }, text(`reason: ${r.reason}`))] : []));
        break;
    }
    return box;
  }

  /** The state again, at most once per frame however many requests arrive together. */
  #queueState(): void {
    if (this.#stateQueued) return;
    this.#stateQueued = true;
    requestAnimationFrame(() => {
      this.#stateQueued = false;
      void this.#loadState();
    });
  }

  async #loadState(): Promise<void> {
    const res = await fetch(ConsolePath.STATE);
    const state = res.ok ? checked(StateSnapshot, await res.json()) : null;
    if (!state) return;
    this.#state = state;
    this.#renderState();
    this.dispatchEvent(new Event('state-rendered'));
  }

  #renderState(): void {
    const state = this.#state!;
    this.#clock.textContent = new Date(state.now).toISOString();
    const tables = (Object.keys(TABLES) as StateTable[]).map((name) => this.#table(name, state[name]));
    this.#stateBox.replaceChildren(...tables);
  }

  #table(name: StateTable, rows: StateSnapshot[StateTable]): HTMLElement {
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((c) => c !== 'qr_code_payload' && c !== 'in_flight');
    const actions = name === 'qrCodes' || name === 'refunds';
    const body = rows.map((row) =>
      h('tr', {}, ...columns.map((c) => h('td', {}, cell(c, row[c]))), ...(actions ? [h('td', {}, this.#rowActions(name, row))] : [])),
    );
    return h(
      'div',
      { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': TABLES[name], id: `state-${name}` },
      h(
        'table',
        {},
        h('caption', {}, text(`${TABLES[name]} (${rows.length})`)),
        h('thead', {}, h('tr', {}, ...[...columns, ...(actions ? ['Actions'] : [])].map((c) => h('th', { scope: 'col' }, text(c))))),
        h('tbody', {}, ...body),
      ),
    );
  }

  #rowActions(name: StateTable, row: StateSnapshot[StateTable][number]): HTMLElement {
    const box = h('div', { class: 'actions' });
    if (name === 'refunds' && row.in_flight === true) {
      for (const outcome of ['COMPLETED', 'FAILED'] as const) {
        const button = h('button', { type: 'button' }, text(outcome === 'COMPLETED' ? `Settle ${row.refund_id}` : `Fail ${row.refund_id}`));
        button.addEventListener(
          'click',
          () => void this.#act(ConsolePath.FINISH_REFUND, { refund_id: row.refund_id, outcome }, `Refund ${outcome}.`),
        );
        box.append(button);
      }
    }
    if (name === 'qrCodes' && row.status === 'ACTIVE' && typeof row.qr_code_payload === 'string') {
      const payload = row.qr_code_payload;
      for (const account of this.#state?.accounts ?? []) {
        if (account.id === row.account) continue;
        const button = h('button', { type: 'button' }, text(`Pay ${row.qr_code_id} as ${account.id}`));
        const amount = row.amount === null ? { amount: '1.00' } : {};
        button.addEventListener(
          'click',
          () => void this.#act(ConsolePath.PAY_QR, { qr_code_payload: payload, payer_account_id: account.id, ...amount }, 'QR code paid.'),
        );
        box.append(button);
      }
    }
    return box;
  }

  /** Runs an action with the admin token; says what happened in the status line, which is announced. */
  async #act(path: string, body: Record<string, unknown>, done: string): Promise<void> {
    const token = this.#admin || this.#tokenInput.value.trim();
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    this.#status.textContent =
      answer?.code === 200 ? done : `Refused: ${typeof answer?.message === 'string' ? answer.message : res.status}`;
    await this.#loadState();
  }
}
