/**
 * The only sentences the element says from the merchant's page in isolated
 * mode: the frame's title, and why the form is unavailable when the frame
 * cannot even be loaded (said inline too, when the inline form's file cannot
 * be). Everything else is said inside the form. Kept
 * apart from `messages.ts` so the page's script does not carry every
 * sentence of the form; `messages.ts` takes `unavailable` from here.
 */
export const HOST_SENTENCES = {
  en: { frameTitle: 'Secure card form', unavailable: 'Card payment is unavailable right now.' },
  ptBR: { frameTitle: 'Formulário seguro do cartão', unavailable: 'Pagamento com cartão indisponível no momento.' },
} as const;

/** The host's sentences for a BCP 47 tag, as `messagesFor` picks: Portuguese gets pt-BR. */
export const hostSentences = (lang: string) => (/^pt\b/i.test(lang) ? HOST_SENTENCES.ptBR : HOST_SENTENCES.en);
