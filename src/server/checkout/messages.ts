import type { CheckoutErrorCode, DeclineReason } from '../../shared/checkout-protocol.js';

/** The two languages the handler answers in. */
export type CheckoutLanguage = 'pt-BR' | 'en';

type Sentences = { readonly 'pt-BR': string; readonly en: string };

/**
 * The sentence a page shows the shopper for each answer that is not a
 * success. Written for the shopper, never for the developer: no field
 * values, no upstream text. A page may show its own words instead, keyed by
 * the answer's `error` or `reason`.
 */
export const CHECKOUT_SENTENCES = {
  invalid_json: {
    'pt-BR': 'Não foi possível ler o pagamento. Recarregue a página e tente de novo.',
    en: 'The payment could not be read. Reload the page and try again.',
  },
  invalid_request: {
    'pt-BR': 'Faltam dados do pagamento. Recarregue a página e tente de novo.',
    en: 'Some payment details are missing. Reload the page and try again.',
  },
  invalid_reference: {
    'pt-BR': 'Este código Pix não é válido. Gere um novo código.',
    en: 'This Pix code is not valid. Generate a new code.',
  },
  not_found: { 'pt-BR': 'Endereço de pagamento desconhecido.', en: 'Unknown payment address.' },
  method_unavailable: { 'pt-BR': 'Esta forma de pagamento não está disponível.', en: 'This payment method is not available.' },
  unknown_order: { 'pt-BR': 'Pedido não encontrado.', en: 'Order not found.' },
  method_not_allowed: { 'pt-BR': 'Endereço de pagamento usado de forma errada.', en: 'Payment address used the wrong way.' },
  already_paid: { 'pt-BR': 'Este pedido já foi pago.', en: 'This order has already been paid.' },
  payment_in_progress: {
    'pt-BR': 'Um pagamento deste pedido já está em andamento. Aguarde.',
    en: 'A payment for this order is already in progress. Please wait.',
  },
  payment_unconfirmed: {
    'pt-BR': 'Estamos confirmando um pagamento deste pedido. Não pague de novo: a loja vai entrar em contato.',
    en: 'We are confirming a payment for this order. Do not pay again: the shop will contact you.',
  },
  body_too_large: {
    'pt-BR': 'Não foi possível ler o pagamento. Recarregue a página e tente de novo.',
    en: 'The payment could not be read. Reload the page and try again.',
  },
  unsupported_media_type: {
    'pt-BR': 'Não foi possível ler o pagamento. Recarregue a página e tente de novo.',
    en: 'The payment could not be read. Reload the page and try again.',
  },
  installments_not_offered: {
    'pt-BR': 'Este número de parcelas não está disponível para este pedido. Escolha outro.',
    en: 'This number of installments is not available for this order. Choose another.',
  },
  tax_id_invalid: { 'pt-BR': 'CPF ou CNPJ inválido. Confira os números.', en: 'Invalid CPF or CNPJ. Check the digits.' },
  token_refused: {
    'pt-BR': 'Não foi possível usar este cartão. Digite os dados do cartão de novo.',
    en: 'This card could not be used. Enter the card details again.',
  },
  charge_refused: {
    'pt-BR': 'O pagamento foi recusado. Confira os dados ou pague de outra forma.',
    en: 'The payment was refused. Check the details or pay another way.',
  },
  internal_error: {
    'pt-BR': 'Algo deu errado na loja. Tente de novo em instantes.',
    en: 'Something went wrong at the shop. Try again in a moment.',
  },
  service_error: {
    'pt-BR': 'O serviço de pagamento não respondeu como esperado. Tente de novo em instantes.',
    en: 'The payment service did not answer as expected. Try again in a moment.',
  },
  service_unavailable: {
    'pt-BR': 'O serviço de pagamento está fora do ar. Tente de novo em instantes.',
    en: 'The payment service cannot be reached. Try again in a moment.',
  },
  outcome_unknown: {
    'pt-BR': 'Não sabemos se o pagamento foi concluído. Não pague de novo: a loja vai confirmar.',
    en: 'We could not confirm whether the payment went through. Do not pay again: the shop will confirm.',
  },
} as const satisfies Record<CheckoutErrorCode, Sentences>;

/** What a declined card's answer says. */
export const DECLINE_SENTENCES = {
  card_declined: {
    'pt-BR': 'O cartão foi recusado. Tente outro cartão ou pague com Pix.',
    en: 'The card was declined. Try another card or pay with Pix.',
  },
  insufficient_funds: {
    'pt-BR': 'Limite ou saldo insuficiente. Tente outro cartão ou pague com Pix.',
    en: 'Insufficient funds or credit limit. Try another card or pay with Pix.',
  },
} as const satisfies Record<DeclineReason, Sentences>;

/**
 * The language of the answer: the body's `locale` when it names Portuguese or
 * English, else the first of them in `Accept-Language` (by weight), else
 * pt-BR: the shop is Brazilian.
 */
export function answerLanguage(locale: string | undefined, acceptLanguage: string | null): CheckoutLanguage {
  const of = (tag: string): CheckoutLanguage | undefined => (/^pt\b/i.test(tag) ? 'pt-BR' : /^en\b/i.test(tag) ? 'en' : undefined);
  const chosen = locale === undefined ? undefined : of(locale.trim());
  if (chosen) return chosen;
  const ranked = (acceptLanguage ?? '')
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: of(tag.trim()), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.language !== undefined && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked[0]?.language ?? 'pt-BR';
}
