import { formatBrl } from '../pix/amount.js';

/**
 * Integer centavos as the decimal string Intl formats exactly (`15990` →
 * `"159.90"`): integer arithmetic only, so no float ever touches money.
 */
export function centavosToDecimal(centavos: number): string {
  return `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** Integer centavos shown as reais in the shopper's language: `R$ 159,90`, `R$159.90`. */
export const formatCentavos = (centavos: number, lang: string): string => formatBrl(centavosToDecimal(centavos), lang);
