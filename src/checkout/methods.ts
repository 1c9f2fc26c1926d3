/** The payment methods `<pay-checkout>` offers, in its default order. */
export const PAYMENT_METHODS = ['card', 'pix'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What `methods` takes: one method, or both in their order, apart by a space or a comma; empty offers both. */
export type PaymentMethods =
  '' | PaymentMethod | `${PaymentMethod} ${PaymentMethod}` | `${PaymentMethod},${PaymentMethod}` | `${PaymentMethod}, ${PaymentMethod}`;

/**
 * The methods a `methods` attribute names, in its order, each once: `"pix
 * card"` → `['pix', 'card']`. Names it does not know are left out and
 * returned apart, for the console; an empty or unusable value offers every
 * method in the default order, so a typo never leaves the shopper with no
 * way to pay.
 */
export function parseMethods(value: string | null | undefined): { methods: PaymentMethod[]; unknown: string[] } {
  const names = String(value ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);
  const methods = [...new Set(names.filter((name): name is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(name)))];
  const unknown = names.filter((name) => !(PAYMENT_METHODS as readonly string[]).includes(name));
  return { methods: methods.length ? methods : [...PAYMENT_METHODS], unknown };
}
