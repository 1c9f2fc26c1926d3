/**
 * Everything `<pay-checkout>` says itself, in each built-in language: its
 * labels (labels.ts) and the sentences of its payments. The card form and
 * the Pix code speak for themselves; the handler's answers come already
 * worded in the request's language (`locale`).
 */
import { enLabels, isPortuguese, ptBRLabels, type CheckoutLabels } from './labels.js';

export interface CheckoutMessages extends CheckoutLabels {
  /** The card was tokenized and the handler is charging it. */
  paying: string;
  /** The charge was approved: `approved('6x de R$ 28,54', 'R$ 171,24')`, or without a plan `approved('', 'R$ 159,90')`. */
  approved: (plan: string, total: string) => string;
  /** A count and installment, as the approved sentence quotes them. */
  plan: (count: number, installment: string) => string;
  /** The handler answered something this element cannot read. */
  unreadable: string;
  /** The card form cannot take a card (its key, its frame): the shopper can still pay with another method. */
  cardUnavailable: string;
  generating: string;
  /** The code is on show. */
  pixReady: string;
  newCode: string;
  /** The amount changed after the code was generated: the code is withdrawn. */
  withdrawn: string;
  /** The code expired: said beside the new-code button. */
  expired: string;
  /** The order is paid by Pix. */
  pixPaid: string;
}

export const en: CheckoutMessages = {
  ...enLabels,
  paying: 'Processing your payment…',
  approved: (plan, total) => `Payment approved${plan ? `: ${plan}` : ''}. Total ${total}.`,
  plan: (count, installment) => `${count} × ${installment}`,
  unreadable: 'The shop gave an answer we could not read. Try again in a moment.',
  cardUnavailable: 'Card payment is unavailable right now. Try again, or pay with another method.',
  generating: 'Generating your Pix code…',
  pixReady: 'Your Pix code is ready: scan it or copy it.',
  newCode: 'Generate a new code',
  withdrawn: 'The order’s amount changed, so this code was withdrawn. Generate a new code for the new amount.',
  expired: 'This code has expired. Generate a new one to pay with Pix.',
  pixPaid: 'Payment received by Pix.',
};

export const ptBR: CheckoutMessages = {
  ...ptBRLabels,
  paying: 'Processando o pagamento…',
  approved: (plan, total) => `Pagamento aprovado${plan ? `: ${plan}` : ''}. Total de ${total}.`,
  plan: (count, installment) => `${count}x de ${installment}`,
  unreadable: 'A loja respondeu de um jeito inesperado. Tente novamente em instantes.',
  cardUnavailable: 'O pagamento com cartão não está disponível agora. Tente novamente ou pague de outra forma.',
  generating: 'Gerando o código Pix…',
  pixReady: 'Seu código Pix está pronto: escaneie ou copie.',
  newCode: 'Gerar novo código',
  withdrawn: 'O valor do pedido mudou e este código foi retirado. Gere um novo código para o novo valor.',
  expired: 'Este código expirou. Gere um novo para pagar com Pix.',
  pixPaid: 'Pagamento recebido por Pix.',
};

/** The messages for a BCP 47 tag: Portuguese for `pt…`, English otherwise. */
export function checkoutMessagesFor(lang: string): CheckoutMessages {
  return isPortuguese(lang) ? ptBR : en;
}
