/**
 * Everything `<pay-pix-qr>` says, in each built-in language. The element
 * decides what to say; only this file holds the words.
 */

export interface PixMessages {
  /** Accessible name of the QR image. */
  qrLabel: string;
  /** Label of the text field with the payload. */
  codeLabel: string;
  copy: string;
  copied: string;
  /** Announced after a successful copy. */
  copiedAnnouncement: string;
  /** Neither the Clipboard API nor the fallback worked: the code is left selected. */
  copyFailed: string;
  amount: string;
  payee: string;
  /** Steps, in order, shown as a list. */
  instructions: readonly string[];
  /** The visible countdown, e.g. `expiresIn('4:59')`. */
  expiresIn: (clock: string) => string;
  /** Announced at a threshold, in whole minutes or seconds. */
  timeLeft: (seconds: number) => string;
  paid: string;
  expired: string;
  invalid: string;
  /** Shown (and said once) while `status-url` polls fail; calm, since the code may well be paid. */
  pollTrouble: string;
}

export const en: PixMessages = {
  qrLabel: 'Pix QR code',
  codeLabel: 'Pix Copia e Cola code',
  copy: 'Copy code',
  copied: 'Copied',
  copiedAnnouncement: 'Code copied. Paste it in your bank app.',
  copyFailed: 'Copying is blocked here: the code is selected, copy it with your device’s copy command.',
  amount: 'Amount',
  payee: 'Pay to',
  instructions: [
    'Open your bank app and choose Pix.',
    'Scan the QR code, or choose Pix Copia e Cola and paste the code.',
    'Check the amount and the payee, then confirm.',
  ],
  expiresIn: (clock) => `Expires in ${clock}`,
  timeLeft: (s) => (s >= 60 ? `${s / 60} minute${s === 60 ? '' : 's'} left to pay.` : `${s} seconds left to pay.`),
  paid: 'Payment received. Thank you!',
  expired: 'This Pix code has expired. Ask the store for a new one.',
  invalid: 'This Pix code cannot be used. Ask the store for a new one.',
  pollTrouble: 'Still checking for your payment. If you have paid, do not pay again.',
};

export const ptBR: PixMessages = {
  qrLabel: 'QR code Pix',
  codeLabel: 'Código Pix Copia e Cola',
  copy: 'Copiar código',
  copied: 'Copiado',
  copiedAnnouncement: 'Código copiado. Cole no app do seu banco.',
  copyFailed: 'Não foi possível copiar aqui: o código está selecionado, copie-o com o comando de copiar do seu aparelho.',
  amount: 'Valor',
  payee: 'Pagar a',
  instructions: [
    'Abra o app do seu banco e escolha Pix.',
    'Leia o QR code, ou escolha Pix Copia e Cola e cole o código.',
    'Confira o valor e o recebedor e confirme.',
  ],
  expiresIn: (clock) => `Expira em ${clock}`,
  timeLeft: (s) =>
    s >= 60 ? `Falta${s === 60 ? '' : 'm'} ${s / 60} minuto${s === 60 ? '' : 's'} para pagar.` : `Faltam ${s} segundos para pagar.`,
  paid: 'Pagamento recebido. Obrigado!',
  expired: 'Este código Pix expirou. Peça um novo à loja.',
  invalid: 'Este código Pix não pode ser usado. Peça um novo à loja.',
  pollTrouble: 'Ainda verificando seu pagamento. Se você já pagou, não pague de novo.',
};

/** The built-in language for a `lang` value: Portuguese for any `pt` tag, English otherwise. */
export function pixMessagesFor(lang: string | null | undefined): PixMessages {
  return /^pt\b/i.test(lang ?? '') ? ptBR : en;
}
