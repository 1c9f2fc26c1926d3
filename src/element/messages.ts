/**
 * Everything the element says, in each built-in language. The logic modules
 * return reason codes; only this file turns them into words.
 */
import type { Brand } from '../card/brands.js';
import type { CardErrorCode } from '../card/validators.js';

/** The four inputs of the element. */
export type FieldName = 'number' | 'holderName' | 'expiry' | 'cvv';

/**
 * What the shopper is told, by kind of problem rather than by validator code:
 * several codes read the same to a person ("incomplete"), and fewer sentences
 * keep both languages small in the script-tag file.
 */
export type Problem = 'required' | 'incomplete' | 'invalid' | 'expired' | 'unsupported';

const PROBLEM: Partial<Record<CardErrorCode, Problem>> = {
  required: 'required',
  too_short: 'incomplete',
  invalid_length_for_brand: 'incomplete',
  invalid_cvv_length: 'incomplete',
  expired: 'expired',
  unsupported_brand: 'unsupported',
};

export interface Messages {
  labels: Record<FieldName, string>;
  placeholders: Record<FieldName, string>;
  submit: string;
  busy: string;
  /** Read out for the pay button while it waits, so the shopper knows why it does nothing. */
  busyExplanation: string;
  /** Error text per field and problem; a problem a field has no sentence for reads as `invalid`. */
  errors: Record<FieldName, Partial<Record<Problem, string>> & { required: string; invalid: string }>;
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
      incomplete: 'The card number is incomplete.',
      unsupported: 'This card brand is not accepted.',
      invalid: 'The card number is not valid. Check the digits.',
    },
    holderName: {
      required: 'Enter the name as printed on the card.',
      invalid: 'The name is too long.',
    },
    expiry: {
      required: 'Enter the expiry date.',
      incomplete: 'The expiry date is incomplete.',
      expired: 'This card has expired.',
      invalid: 'The expiry date is not valid.',
    },
    cvv: {
      required: 'Enter the security code.',
      incomplete: 'The security code is incomplete.',
      invalid: 'The security code is not valid.',
    },
  },
  brandNames,
  brandDetected: (brand) => `Card brand: ${brand}.`,
  fixErrors: (n) => `Please correct ${n} field${n === 1 ? '' : 's'}.`,
  tokenized: (brand, last4) => `${brand} card ending in ${last4} accepted.`,
  failure: {
    network: 'We could not reach the payment service. Check your connection and try again.',
    authentication: 'This payment form is not set up correctly. Please contact the store.',
    api: 'The card could not be processed. Check the details and try again.',
  },
};

export const ptBR: Messages = {
  labels: { number: 'Número do cartão', holderName: 'Nome impresso no cartão', expiry: 'Validade (MM/AA)', cvv: 'Código de segurança' },
  placeholders: { ...en.placeholders, holderName: 'Como está no cartão', expiry: 'MM / AA' },
  submit: 'Pagar',
  busy: 'Processando…',
  busyExplanation: 'Seu cartão está sendo verificado. Aguarde.',
  errors: {
    number: {
      required: 'Informe o número do cartão.',
      incomplete: 'O número do cartão está incompleto.',
      unsupported: 'Esta bandeira não é aceita.',
      invalid: 'O número do cartão não é válido. Confira os dígitos.',
    },
    holderName: {
      required: 'Informe o nome como está impresso no cartão.',
      invalid: 'O nome é longo demais.',
    },
    expiry: {
      required: 'Informe a validade.',
      incomplete: 'A validade está incompleta.',
      expired: 'Este cartão está vencido.',
      invalid: 'A validade não é válida.',
    },
    cvv: {
      required: 'Informe o código de segurança.',
      incomplete: 'O código de segurança está incompleto.',
      invalid: 'O código de segurança não é válido.',
    },
  },
  brandNames,
  brandDetected: (brand) => `Bandeira do cartão: ${brand}.`,
  fixErrors: (n) => `Corrija ${n} campo${n === 1 ? '' : 's'}.`,
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

/** Lays a merchant's overrides over a built-in table, two levels deep (e.g. `errors.number.incomplete`). */
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
  return table[PROBLEM[code] ?? 'invalid'] ?? table.invalid;
}
