import '../src/index.js';

/** The page's own words in each language the element ships, so the whole page follows the language switcher. */
const TEXT = {
  en: {
    title: 'Demo checkout',
    sandbox: 'Runs against the embedded sandbox at',
    noMoney: 'No real money moves.',
    pixLink: 'PIX demo: QR code, payment, status and refund',
    pay: 'Pay R$ 129,90',
    language: 'Language',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    auto: 'Follow the system',
    tokenReceived: 'Token received',
    noToken: 'none yet',
    testCards: 'Test cards',
    cardsHint: 'Any holder name, any future expiry, CVV 123 (1234 for Amex).',
    brand: 'Brand',
    number: 'Number',
    copy: 'Copy',
    copyNumber: (brand: string) => `Copy the ${brand} test number`,
    events: 'Events',
    clear: 'Clear',
  },
  'pt-BR': {
    title: 'Checkout de demonstração',
    sandbox: 'Usa o sandbox embutido em',
    noMoney: 'Nenhum dinheiro de verdade é movimentado.',
    pixLink: 'Demo PIX: QR code, pagamento, status e estorno',
    pay: 'Pagar R$ 129,90',
    language: 'Idioma',
    theme: 'Tema',
    light: 'Claro',
    dark: 'Escuro',
    auto: 'Seguir o sistema',
    tokenReceived: 'Token recebido',
    noToken: 'nenhum ainda',
    testCards: 'Cartões de teste',
    cardsHint: 'Qualquer nome, qualquer validade futura, CVV 123 (1234 para Amex).',
    brand: 'Bandeira',
    number: 'Número',
    copy: 'Copiar',
    copyNumber: (brand: string) => `Copiar o número de teste ${brand}`,
    events: 'Eventos',
    clear: 'Limpar',
  },
};
type Locale = keyof typeof TEXT;
let text = TEXT.en;

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
/** Puts the page, not only the element, in `locale`: the page's `lang`, its words and the copy buttons' names. */
function speak(locale: Locale) {
  text = TEXT[locale];
  document.documentElement.lang = locale;
  document.title = text.title;
  for (const node of document.querySelectorAll<HTMLElement>('[data-text]')) {
    // The token output keeps a token once one has arrived.
    if (node.id === 'token' && node.dataset.brand) continue;
    node.textContent = text[node.dataset.text as Exclude<keyof typeof text, 'copyNumber'>];
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-brand-copy]')) {
    button.textContent = text.copy;
    button.setAttribute('aria-label', text.copyNumber(button.dataset.brandCopy!));
  }
}

// Visual QA: every language and theme the element ships.
for (const id of ['locale', 'theme'] as const) {
  const select = document.querySelector<HTMLSelectElement>(`#${id}`)!;
  select.addEventListener('change', () => {
    form.setAttribute(id, select.value);
    if (id === 'locale') speak(select.value as Locale);
  });
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
  button.dataset.brandCopy = card.brand;
  button.textContent = text.copy;
  button.setAttribute('aria-label', text.copyNumber(card.brand));
  button.addEventListener('click', () => void navigator.clipboard?.writeText(card.number));
  row.insertCell().append(button);
}

// A reload may restore the chosen language in the switcher: start in it.
const localeSelect = document.querySelector<HTMLSelectElement>('#locale')!;
if (localeSelect.value !== 'en') localeSelect.dispatchEvent(new Event('change'));
