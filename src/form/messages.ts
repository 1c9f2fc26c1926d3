/**
 * Everything the element says, in each built-in language. The logic modules
 * return reason codes; only this file turns them into words.
 */
import type { Brand } from '../card/brand.js';
import type { FieldError } from '../card/field-errors.js';
import type { TaxIdProblem } from '../document/tax-id.js';
import { AuthenticationError } from '../tokenize/errors.js';
import { ConfigurationError, NetworkError, PayCardError } from '../shared/errors.js';
import { HOST_SENTENCES, hostSentences } from './host-sentences.js';
import { PROBLEM_OF, type Problem } from './problems.js';
import { SENTENCE_LIMIT } from './sentence-limit.js';
import type { FormFieldName } from './form-fields.js';

/**
 * An error sentence: fixed text, or built from the field's name in the
 * sentence (`nouns`), e.g. `(noun) => \`Enter ${noun}.\``. `field` lets an
 * override word one field differently.
 */
export type ErrorSentence = string | ((noun: string, field: FormFieldName) => string);

export interface Messages {
  labels: Record<FormFieldName, string>;
  /** Each field as named inside a sentence: "the card number", "o número do cartão". */
  nouns: Record<FormFieldName, string>;
  placeholders: Partial<Record<FormFieldName, string>>;
  submit: string;
  busy: string;
  /** Read out for the pay button while it waits, so the shopper knows why it does nothing. */
  busyExplanation: string;
  errors: Record<Problem, ErrorSentence>;
  brandNames: Record<Brand, string>;
  /** The name of the row of accepted-brand marks; each mark is named by its brand. */
  acceptedBrands: string;
  /** Shown under the number as soon as a brand outside `accepted-brands` is detected. */
  notAccepted: (brand: string) => string;
  /** Announced when the detected brand changes. */
  brandDetected: (brand: string) => string;
  /** Announced when submit finds errors. */
  fixErrors: (count: number) => string;
  tokenized: (brand: string, lastFour: string) => string;
  /** Shown after tokenizing, until the card is edited (unless `hide-success`). */
  saved: (brand: string, lastFour: string) => string;
  /** Shown instead of taking a card when the element is misconfigured (key or base URL). */
  unavailable: string;
  /** Shown when the service or the network fails; the shopper can try again. */
  failure: { network: string; authentication: string; api: string };
  /**
   * The "Parcelas" select's sentences, any of them: the built-in ones load
   * with the select, only on forms that show it (`purchase-fields.ts`).
   */
  installments: Partial<InstallmentSentences>;
}

/** What the "Parcelas" select says. `count`, `each` and `total` come formatted: "3", "R$ 53,30". */
export interface InstallmentSentences {
  /** The select's label. */
  label: string;
  /** An option sem juros: "3x de R$ 53,30 sem juros". */
  free: (count: string, each: string) => string;
  /** An option with interest: "12x de R$ 15,11 (total R$ 181,32)". */
  interest: (count: string, each: string, total: string) => string;
  /** Said when a new amount no longer offers the count chosen; `now` is the option chosen instead. */
  gone: (count: string, now: string) => string;
  /** Said when a new amount changes the option chosen. */
  changed: (now: string) => string;
}

/** "the card number" → "The card number", for English sentences that open with the noun. */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const brandNames: Record<Brand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  elo: 'Elo',
  amex: 'American Express',
  hipercard: 'Hipercard',
  diners: 'Diners Club',
  jcb: 'JCB',
  discover: 'Discover',
};

export const en: Messages = {
  labels: { number: 'Card number', holderName: 'Name on card', expiry: 'Expiry (MM/YY)', cvv: 'Security code', taxId: 'CPF or CNPJ' },
  nouns: {
    number: 'the card number',
    holderName: 'the name on the card',
    expiry: 'the expiry date',
    cvv: 'the security code',
    taxId: 'the CPF or CNPJ',
  },
  placeholders: { number: '1234 1234 1234 1234', holderName: 'As printed on the card', expiry: 'MM / YY', cvv: 'CVV' },
  submit: 'Pay',
  busy: 'Processing…',
  busyExplanation: 'Checking your card. Please wait.',
  errors: {
    required: (noun) => `Enter ${noun}.`,
    incomplete: (noun) => `${capitalised(noun)} is incomplete.`,
    // A correction to make rather than a verdict (WCAG 3.3.3), as in Portuguese.
    invalid: (noun) => `Check ${noun}.`,
    tooLong: (noun) => `${capitalised(noun)} is too long.`,
    expired: 'This card has expired.',
    unsupported: 'This card brand is not accepted.',
  },
  brandNames,
  acceptedBrands: 'Accepted cards',
  notAccepted: (brand) => `${brand} is not accepted here.`,
  brandDetected: (brand) => `Card brand: ${brand}.`,
  fixErrors: (count) => `Please correct ${count} field${count === 1 ? '' : 's'}.`,
  tokenized: (brand, last4) => `${brand} card ending in ${last4} accepted.`,
  saved: (brand, last4) => `${brand} •••• ${last4} saved`,
  unavailable: HOST_SENTENCES.en.unavailable,
  failure: {
    network: 'Could not reach the payment service. Check your connection and try again.',
    authentication: 'This payment form is not set up correctly. Please contact the store.',
    api: 'The card could not be processed. Check the details and try again.',
  },
  installments: {},
};

export const ptBR: Messages = {
  labels: {
    number: 'Número do cartão',
    holderName: 'Nome no cartão',
    expiry: 'Validade (MM/AA)',
    cvv: 'Código de segurança',
    taxId: 'CPF ou CNPJ',
  },
  nouns: {
    number: 'o número do cartão',
    holderName: 'o nome no cartão',
    expiry: 'a validade',
    cvv: 'o código de segurança',
    taxId: 'o CPF ou CNPJ',
  },
  placeholders: { ...en.placeholders, holderName: 'Como está no cartão', expiry: 'MM / AA' },
  submit: 'Pagar',
  busy: 'Processando…',
  busyExplanation: 'Verificando o cartão. Aguarde.',
  // Imperatives, so no sentence has to agree with the noun's gender.
  errors: {
    required: (noun) => `Informe ${noun}.`,
    incomplete: (noun) => `Complete ${noun}.`,
    invalid: (noun) => `Confira ${noun}.`,
    tooLong: (noun) => `Abrevie ${noun}.`,
    expired: 'Este cartão está vencido.',
    unsupported: 'Esta bandeira não é aceita.',
  },
  brandNames,
  acceptedBrands: 'Cartões aceitos',
  notAccepted: (brand) => `Não aceitamos ${brand} aqui.`,
  brandDetected: (brand) => `Bandeira do cartão: ${brand}.`,
  fixErrors: (count) => `Corrija ${count} campo${count === 1 ? '' : 's'}.`,
  tokenized: (brand, last4) => `Cartão ${brand} final ${last4} aceito.`,
  saved: (brand, last4) => `${brand} •••• ${last4} salvo`,
  unavailable: HOST_SENTENCES.ptBR.unavailable,
  failure: {
    network: 'Sem conexão com o serviço de pagamento. Verifique sua internet e tente de novo.',
    authentication: 'Este formulário de pagamento não está configurado. Fale com a loja.',
    api: 'Não foi possível processar o cartão. Confira os dados e tente de novo.',
  },
  installments: {},
};

/** Any subset of {@link Messages}, each table partial too: what a merchant sets on `messages`. */
export type MessageOverrides = {
  [K in keyof Messages]?: Messages[K] extends (...args: never[]) => unknown ? Messages[K] : Partial<Messages[K]>;
};

/**
 * Lays a merchant's overrides over a built-in table; tables (`labels`,
 * `errors`, …) merge key by key. An override left undefined or null keeps the
 * built-in sentence, so a missing translation never blanks a label or an error.
 */
export function mergeMessages(base: Messages, overrides: MessageOverrides | null | undefined): Messages {
  const given = (entries: object) => Object.entries(entries).filter(([, value]) => value != null);
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of given(overrides ?? {})) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? { ...current, ...Object.fromEntries(given(value)) } : value;
  }
  return out as unknown as Messages;
}

/** Picks the built-in messages for a BCP 47 tag: Portuguese gets pt-BR, everything else English. */
export function messagesFor(locale: string | null | undefined): Messages {
  return hostSentences(locale ?? '') === HOST_SENTENCES.ptBR ? ptBR : en;
}

/** The sentence for a field's error; a refused brand is named. */
export function errorText(
  messages: Messages,
  field: FormFieldName,
  { code, brand }: { code: FieldError['code'] | TaxIdProblem; brand?: FieldError['brand'] },
): string {
  const sentence = messages.errors[PROBLEM_OF[code as FieldError['code']] ?? 'invalid'];
  const text = brand
    ? messages.notAccepted(messages.brandNames[brand])
    : typeof sentence === 'function'
      ? sentence(messages.nouns[field], field)
      : sentence;
  // An override with a name filled in can outgrow any sentence; the `change` detail carries it, in both modes alike.
  return text.slice(0, SENTENCE_LIMIT);
}

/**
 * The sentence shown when tokenizing fails. A wrong key or base URL is the
 * store's to fix, not the shopper's; a refusal from the service asks to check
 * the card; anything else (offline, timeout, an unknown throw) is the network.
 */
export function failureText(messages: Messages, error: unknown): string {
  const { failure } = messages;
  if (error instanceof AuthenticationError || error instanceof ConfigurationError) return failure.authentication;
  if (error instanceof PayCardError && !(error instanceof NetworkError)) return failure.api;
  return failure.network;
}

/**
 * A memo of {@link mergeMessages} over {@link messagesFor}: the table is
 * rebuilt only when the language or the overrides object change, not on every
 * update of the element.
 */
export function messagesMemo(): (lang: string, overrides: MessageOverrides | null) => Messages {
  let last: { lang: string; overrides: MessageOverrides | null; messages: Messages } | null = null;
  return (lang, overrides) => {
    if (last?.lang !== lang || last.overrides !== overrides)
      last = { lang, overrides, messages: mergeMessages(messagesFor(lang), overrides) };
    return last.messages;
  };
}
