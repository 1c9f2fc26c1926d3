/**
 * An amount from a BR Code shown as money in the shopper's language. The
 * decimal string goes to Intl as it is: Intl.NumberFormat formats numeric
 * strings exactly (ECMA-402 NumberFormat v3), so no float is ever involved.
 */
export function formatBrl(amount: string, locale: string): string {
  const format = new Intl.NumberFormat(locale || 'pt-BR', { style: 'currency', currency: 'BRL' }).format as (value: string) => string;
  return format(amount);
}
