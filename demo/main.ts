/**
 * The demo checkout (demo/index.html): `<pay-checkout>` for an order the
 * server opened, against `checkoutHandler` on the demo server
 * (demo/checkout-api.ts). The page only listens: the element pays, and says
 * so in its own words; the page logs its events and follows the switchers.
 */
import '../src/checkout.js';
import type { PayCheckout } from '../src/checkout.js';

/** The page's own words, in each language the element ships, so the whole page follows the language switcher. */
const TEXT = {
  en: {
    title: 'Demo checkout',
    sandbox: 'Runs against the embedded sandbox at',
    noMoney: 'No real money moves.',
    cardLink: "The bare card form, in the page's own form",
    pixLink: 'PIX demo: QR code, payment, status and refund',
    order: 'Order',
    language: 'Language',
    theme: 'Theme',
    light: 'Light',
    dark: 'Dark',
    auto: 'Follow the system',
    tryTitle: 'Try it',
    cardHint: 'Card: 4111 1111 1111 1111, any name, any future expiry, CVV 123, CPF 123.456.789-09.',
    pixHint: "Pix: pay the code from the sandbox's console, under QR codes:",
    console: 'open the console',
    paid: { card: 'Order paid by card.', pix: 'Order paid by Pix.' },
    events: 'Events',
    clear: 'Clear',
  },
  'pt-BR': {
    title: 'Checkout de demonstração',
    sandbox: 'Usa o sandbox embutido em',
    noMoney: 'Nenhum dinheiro de verdade é movimentado.',
    cardLink: 'O formulário de cartão sozinho, no formulário da página',
    pixLink: 'Demo PIX: QR code, pagamento, status e estorno',
    order: 'Pedido',
    language: 'Idioma',
    theme: 'Tema',
    light: 'Claro',
    dark: 'Escuro',
    auto: 'Seguir o sistema',
    tryTitle: 'Experimente',
    cardHint: 'Cartão: 4111 1111 1111 1111, qualquer nome, qualquer validade futura, CVV 123, CPF 123.456.789-09.',
    pixHint: 'Pix: pague o código pelo console do sandbox, em QR codes:',
    console: 'abrir o console',
    paid: { card: 'Pedido pago com cartão.', pix: 'Pedido pago com Pix.' },
    events: 'Eventos',
    clear: 'Limpar',
  },
};
type Locale = keyof typeof TEXT;
type Sentence = { [K in keyof typeof TEXT.en]: (typeof TEXT.en)[K] extends string ? K : never }[keyof typeof TEXT.en];
let text = TEXT.en;

const checkout = document.querySelector<PayCheckout>('pay-checkout')!;
const log = document.querySelector<HTMLOListElement>('#log')!;
const outcome = document.querySelector<HTMLElement>('#outcome')!;

/** Event details hold no card value, token or document, so they can be shown as they are. */
function record(type: string, detail: unknown) {
  const item = document.createElement('li');
  item.dataset.type = type;
  item.textContent = `${new Date().toLocaleTimeString()} ${type} ${JSON.stringify(detail)}`;
  log.prepend(item);
}

/** How the order was paid, once it is. */
let paidBy: 'card' | 'pix' | undefined;

function showOutcome() {
  if (paidBy) outcome.textContent = text.paid[paidBy];
}

// What a merchant's page does with the checkout: take the shopper on once paid; the rest is for the log.
checkout.addEventListener('paid', (event) => {
  record('paid', event.detail);
  paidBy = event.detail.method;
  showOutcome();
});
checkout.addEventListener('payment-failed', (event) => {
  const { name, code, method, status, reason } = event.detail.error;
  record('payment-failed', { error: name, code, method, status, reason });
});
checkout.addEventListener('method-change', (event) => record('method-change', event.detail));

/** Puts the page, not only the element, in `locale`: the page's `lang` and its words. */
function speak(locale: Locale) {
  text = TEXT[locale];
  document.documentElement.lang = locale;
  document.title = text.title;
  for (const node of document.querySelectorAll<HTMLElement>('[data-text]')) node.textContent = text[node.dataset.text as Sentence];
  showOutcome();
}

// Visual QA: every language and theme the element ships.
for (const id of ['locale', 'theme'] as const) {
  const select = document.querySelector<HTMLSelectElement>(`#${id}`)!;
  select.addEventListener('change', () => {
    checkout.setAttribute(id, select.value);
    if (id === 'locale') speak(select.value as Locale);
  });
  // A reload may restore a choice in the switcher: start in it.
  if (select.value !== select.options[0]!.value) select.dispatchEvent(new Event('change'));
}

document.querySelector('#clear-log')!.addEventListener('click', () => log.replaceChildren());
