/**
 * What `<pay-checkout>` shows before any payment starts, in each built-in
 * language: the method choice, the card form's pay button, and what it says
 * when a method's code cannot load. Apart from the rest of its sentences
 * (messages.ts), which load with the payment flows.
 */

export interface CheckoutLabels {
  /** The method choice's legend. */
  methods: string;
  card: string;
  pix: string;
  /** The card form's pay button, with the amount: `pay('R$ 159,90')`. */
  pay: (amount: string) => string;
  /** A method's code is loading. */
  loading: string;
  tryAgain: string;
  /** The shop (or the code of the method) could not be reached. */
  unreachable: string;
}

export const enLabels: CheckoutLabels = {
  methods: 'Payment method',
  card: 'Credit card',
  pix: 'Pix',
  pay: (amount) => `Pay ${amount}`,
  loading: 'Loading…',
  tryAgain: 'Try again',
  unreachable: 'We could not reach the shop. Check your connection and try again.',
};

export const ptBRLabels: CheckoutLabels = {
  methods: 'Forma de pagamento',
  card: 'Cartão de crédito',
  pix: 'Pix',
  pay: (amount) => `Pagar ${amount}`,
  loading: 'Carregando…',
  tryAgain: 'Tentar novamente',
  unreachable: 'Não foi possível falar com a loja. Verifique sua conexão e tente novamente.',
};

/** Portuguese for a `pt…` tag, English otherwise. */
export const isPortuguese = (lang: string): boolean => /^pt\b/i.test(lang);
