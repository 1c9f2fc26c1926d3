/**
 * Everything the element says, in each built-in language. The logic modules
 * return reason codes; only this file turns them into words.
 */
import type { Brand } from '../card/brands.js';
import type { CardErrorCode } from '../card/validators.js';

/** The four inputs of the element. */
export type FieldName = 'number' | 'holderName' | 'expiry' | 'cvv';

export interface Messages {
  labels: Record<FieldName, string>;
  placeholders: Record<FieldName, string>;
  submit: string;
  busy: string;
  /** Read out for the pay button while it waits, so the shopper knows why it does nothing. */
  busyExplanation: string;
  /** Error text per field; `default` covers every code the field has no sentence for. */
  errors: Record<FieldName, Partial<Record<CardErrorCode, string>> & { default: string }>;
  brandNames: Record<Brand, string>;
  /** Announced when the detected brand changes. */
  brandDetected: (brand: string) => string;
  /** Announced when submit finds errors. */
  fixErrors: (count: number) => string;
  tokenized: (brand: string, lastFour: string) => string;
  /** Shown when the service or the network fails; the shopper can try again. */
  failure: { network: string; authentication: string; api: string };
}

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
  labels: { number: 'Card number', holderName: 'Name on card', expiry: 'Expiry (MM/YY)', cvv: 'Security code' },
  placeholders: { number: '1234 1234 1234 1234', holderName: 'As printed on the card', expiry: 'MM / YY', cvv: 'CVV' },
  submit: 'Pay',
  busy: 'Processing…',
  busyExplanation: 'Your card is being checked. Please wait.',
  errors: {
    number: {
      required: 'Enter the card number.',
      too_short: 'The card number is incomplete.',
      invalid_length_for_brand: 'The card number is incomplete.',
      unsupported_brand: 'This card brand is not accepted.',
      failed_luhn: 'The card number is not valid. Check the digits.',
      default: 'The card number is not valid.',
    },
    holderName: {
      required: 'Enter the name as printed on the card.',
      too_long: 'The name is too long.',
      default: 'Enter the name as printed on the card.',
    },
    expiry: {
      required: 'Enter the expiry date.',
      invalid_month: 'The month must be between 01 and 12.',
      invalid_year: 'Enter the year with two digits, as in MM/YY.',
      expired: 'This card has expired.',
      too_far_in_future: 'The expiry year is too far in the future.',
      default: 'The expiry date is not valid.',
    },
    cvv: {
      required: 'Enter the security code.',
      invalid_cvv_length: 'The security code is incomplete.',
      default: 'The security code is not valid.',
    },
  },
  brandNames,
  brandDetected: (brand) => `Card brand: ${brand}.`,
  fixErrors: (n) => (n === 1 ? 'Please correct 1 field.' : `Please correct ${n} fields.`),
  tokenized: (brand, last4) => `${brand} card ending in ${last4} accepted.`,
  failure: {
    network: 'We could not reach the payment service. Check your connection and try again.',
    authentication: 'This payment form is not set up correctly. Please contact the store.',
    api: 'The card could not be processed. Check the details and try again.',
  },
};

export const ptBR: Messages = {
  labels: { number: 'Número do cartão', holderName: 'Nome impresso no cartão', expiry: 'Validade (MM/AA)', cvv: 'Código de segurança' },
  placeholders: { number: '1234 1234 1234 1234', holderName: 'Como está no cartão', expiry: 'MM / AA', cvv: 'CVV' },
  submit: 'Pagar',
  busy: 'Processando…',
  busyExplanation: 'Seu cartão está sendo verificado. Aguarde.',
  errors: {
    number: {
      required: 'Informe o número do cartão.',
      too_short: 'O número do cartão está incompleto.',
      invalid_length_for_brand: 'O número do cartão está incompleto.',
      unsupported_brand: 'Esta bandeira não é aceita.',
      failed_luhn: 'O número do cartão não é válido. Confira os dígitos.',
      default: 'O número do cartão não é válido.',
    },
    holderName: {
      required: 'Informe o nome como está impresso no cartão.',
      too_long: 'O nome é longo demais.',
      default: 'Informe o nome como está impresso no cartão.',
    },
    expiry: {
      required: 'Informe a validade.',
      invalid_month: 'O mês deve estar entre 01 e 12.',
      invalid_year: 'Informe o ano com dois dígitos, como em MM/AA.',
      expired: 'Este cartão está vencido.',
      too_far_in_future: 'O ano de validade está longe demais.',
      default: 'A validade não é válida.',
    },
    cvv: {
      required: 'Informe o código de segurança.',
      invalid_cvv_length: 'O código de segurança está incompleto.',
      default: 'O código de segurança não é válido.',
    },
  },
  brandNames,
  brandDetected: (brand) => `Bandeira do cartão: ${brand}.`,
  fixErrors: (n) => (n === 1 ? 'Corrija 1 campo.' : `Corrija ${n} campos.`),
  tokenized: (brand, last4) => `Cartão ${brand} final ${last4} aceito.`,
  failure: {
    network: 'Não foi possível falar com o serviço de pagamento. Verifique sua conexão e tente de novo.',
    authentication: 'Este formulário de pagamento não está configurado corretamente. Fale com a loja.',
    api: 'Não foi possível processar o cartão. Confira os dados e tente de novo.',
  },
};

/** Any subset of {@link Messages}: what a merchant sets on `messages` to change some sentences. */
export type MessageOverrides = {
  [K in keyof Messages]?: Messages[K] extends (...args: never[]) => unknown
    ? Messages[K]
    : Messages[K] extends Record<string, unknown>
      ? { [F in keyof Messages[K]]?: Partial<Messages[K][F]> | Messages[K][F] }
      : Messages[K];
};

/** Lays a merchant's overrides over a built-in table, two levels deep (e.g. `errors.number.failed_luhn`). */
export function mergeMessages(base: Messages, overrides: MessageOverrides | null | undefined): Messages {
  if (!overrides) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = (base as unknown as Record<string, unknown>)[key];
    if (value && typeof value === 'object' && current && typeof current === 'object') {
      const merged: Record<string, unknown> = { ...current };
      for (const [inner, v] of Object.entries(value)) {
        const c = (current as Record<string, unknown>)[inner];
        merged[inner] = v && typeof v === 'object' && c && typeof c === 'object' ? { ...c, ...v } : v;
      }
      out[key] = merged;
    } else if (value !== undefined) {
      out[key] = value;
    }
  }
  return out as unknown as Messages;
}

/** Picks the built-in messages for a BCP 47 tag: Portuguese gets pt-BR, everything else English. */
export function messagesFor(locale: string | null | undefined): Messages {
  return /^pt\b/i.test(locale ?? '') ? ptBR : en;
}

/** The sentence for a field's error code. */
export function errorText(messages: Messages, field: FieldName, code: CardErrorCode): string {
  const table = messages.errors[field];
  return table[code] ?? table.default;
}
