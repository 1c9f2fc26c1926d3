import '../src/index.js';

const form = document.querySelector('pay-card-form')!;
const log = document.querySelector<HTMLOListElement>('#log')!;
const token = document.querySelector<HTMLOutputElement>('#token')!;

/** Event details never hold card data, so they can be shown as they are. */
function record(type: string, detail: unknown) {
  const item = document.createElement('li');
  item.dataset.type = type;
  const shown = detail instanceof Object && 'error' in detail ? describeError((detail as { error: unknown }).error) : detail;
  item.textContent = `${new Date().toLocaleTimeString()} ${type} ${JSON.stringify(shown)}`;
  log.prepend(item);
}

function describeError(error: unknown) {
  const e = error as Error & { field?: string; code?: unknown; reason?: string };
  return { error: e.name, message: e.message, field: e.field, reason: e.reason, code: e.code };
}

form.addEventListener('change', (e) => record('change', (e as CustomEvent).detail));
form.addEventListener('tokenized', (e) => {
  const detail = (e as CustomEvent).detail;
  token.textContent = detail.token;
  token.dataset.brand = detail.brand;
  record('tokenized', detail);
});
form.addEventListener('tokenize-error', (e) => record('tokenize-error', (e as CustomEvent).detail));
// Visual QA: every language and theme the element ships.
for (const id of ['locale', 'theme'] as const) {
  const select = document.querySelector<HTMLSelectElement>(`#${id}`)!;
  select.addEventListener('change', () => form.setAttribute(id, select.value));
}

document.querySelector('#clear-log')!.addEventListener('click', () => log.replaceChildren());

const rows = document.querySelector<HTMLTableSectionElement>('#test-cards')!;
// The demo server writes the sandbox's test cards into the page (demo/serve.ts).
const testCards = JSON.parse(document.querySelector('#test-cards-data')!.textContent!) as { brand: string; number: string }[];
for (const card of testCards) {
  const row = rows.insertRow();
  row.insertCell().textContent = card.brand;
  const number = row.insertCell();
  number.innerHTML = `<code>${card.number}</code>`;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Copy';
  button.setAttribute('aria-label', `Copy the ${card.brand} test number`);
  button.addEventListener('click', () => void navigator.clipboard?.writeText(card.number));
  row.insertCell().append(button);
}
