/**
 * ES2023's `format(value: StringNumericLiteral)`, which the ES2022 library
 * types this package compiles against do not list yet.
 */
type FormatDecimalString = (value: string) => string;

/**
 * An amount from a BR Code shown as money in the shopper's language. The
 * decimal string goes to Intl as it is: Intl.NumberFormat formats numeric
 * strings exactly (ECMA-402 NumberFormat v3), so no float is ever involved.
 */
export function formatBrl(amount: string, locale: string): string {
  const { format } = new Intl.NumberFormat(locale || 'pt-BR', { style: 'currency', currency: 'BRL' });
  return (format as unknown as FormatDecimalString)(amount);
}
