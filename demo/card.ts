/**
 * The bare `<pay-card-form>` page (demo/card.html): the element in the
 * page's own `<form>`, whose submit posts the form data to the demo backend
 * (demo/card-api.ts). The whole checkout, card and Pix, is demo/main.ts.
 */
import '../src/index.js';

/** The page's own words in each language the element ships, so the whole page follows the language switcher. */
const TEXT = {
  en: {
    title: 'Demo: the bare card form',
    sandbox: 'Runs against the embedded sandbox at',
    noMoney: 'No real money moves.',
    checkoutLink: 'The whole checkout: <pay-checkout>, card and Pix',
    pixLink: 'PIX demo: QR code, payment, status and refund',
    pay: (price: string) => `Pay ${price}`,
    language: 'Language',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    auto: 'Follow the system',
    tokenReceived: 'Token received',
    noToken: 'none yet',
    chargeTitle: 'Charge',
    noCharge: 'none yet',
    charging: 'Charging…',
    charged: (status: string, total: string, count: number, each: string) => `${status}: ${total} in ${count} × ${each}`,
    refused: (message: string) => `Not charged: ${message}`,
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
    title: 'Demo: o formulário de cartão sozinho',
    sandbox: 'Usa o sandbox embutido em',
    noMoney: 'Nenhum dinheiro de verdade é movimentado.',
    checkoutLink: 'O checkout completo: <pay-checkout>, cartão e Pix',
    pixLink: 'Demo PIX: QR code, pagamento, status e estorno',
    pay: (price: string) => `Pagar ${price}`,
    language: 'Idioma',
    theme: 'Tema',
    light: 'Claro',
    dark: 'Escuro',
    auto: 'Seguir o sistema',
    tokenReceived: 'Token recebido',
    noToken: 'nenhum ainda',
    chargeTitle: 'Cobrança',
    noCharge: 'nenhuma ainda',
    charging: 'Cobrando…',
    charged: (status: string, total: string, count: number, each: string) => `${status}: ${total} em ${count}x de ${each}`,
    refused: (message: string) => `Não cobrado: ${message}`,
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
type Sentence = { [K in keyof typeof TEXT.en]: (typeof TEXT.en)[K] extends string ? K : never }[keyof typeof TEXT.en];
let text = TEXT.en;
let locale: Locale = 'en';

const form = document.querySelector('pay-card-form')!;
const checkoutForm = document.querySelector<HTMLFormElement>('#checkout-form')!;
const log = document.querySelector<HTMLOListElement>('#log')!;
const token = document.querySelector<HTMLOutputElement>('#token')!;
const chargeBox = document.querySelector<HTMLElement>('#charge')!;

/** Centavos in the page's language. Passed to `Intl` as an exact decimal string, never through a float. */
function money(centavos: number): string {
  const exact = `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(exact as unknown as number);
}

/** What `/demo-api/charge` answers (demo/card-api.ts): the charge, or why there is none. */
interface ChargeAnswer {
  status?: string;
  amount?: number;
  installments?: number;
  installment?: number;
  message?: string;
}
/** The last answer, shown again in a new language. */
let lastCharge: ChargeAnswer | 'charging' | null = null;

function showCharge(answer: ChargeAnswer | 'charging' | null) {
  lastCharge = answer;
  if (!answer) return;
  chargeBox.dataset.status = answer === 'charging' ? 'charging' : (answer.status ?? 'refused');
  chargeBox.textContent =
    answer === 'charging'
      ? text.charging
      : answer.status && answer.amount !== undefined && answer.installments !== undefined && answer.installment !== undefined
        ? text.charged(answer.status, money(answer.amount), answer.installments, money(answer.installment))
        : text.refused(answer.message ?? '');
}

// The element tokenizes before the form's submit reaches this listener, so the
// form data already holds the token, the plan and the document: the backend
// charges from them (demo/card-api.ts).
checkoutForm.addEventListener('submit', (event) => {
  event.preventDefault();
  showCharge('charging');
  void fetch(checkoutForm.action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(new FormData(checkoutForm))),
  })
    .then((res) => res.json() as Promise<ChargeAnswer>)
    .catch((error: unknown) => ({ message: (error as Error).message }))
    .then((answer) => {
      record('charge', answer);
      showCharge(answer);
    });
});

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
function speak(to: Locale) {
  locale = to;
  text = TEXT[locale];
  document.documentElement.lang = locale;
  document.title = text.title;
  for (const node of document.querySelectorAll<HTMLElement>('[data-text]')) {
    // The token output keeps a token once one has arrived.
    if (node.id === 'token' && node.dataset.brand) continue;
    node.textContent = node.dataset.text === 'pay' ? text.pay(money(form.amount)) : text[node.dataset.text as Sentence];
  }
  showCharge(lastCharge);
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
else speak('en');
