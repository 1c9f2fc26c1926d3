/**
 * The bounds of any installment plan, apart from the plan's arithmetic
 * (`installment-plans.ts`, with the bounds only it checks), so what only checks a count (the frame channel)
 * does not carry the arithmetic with it.
 */

/** The most installments any plan offers. */
export const MAX_INSTALLMENTS = 24;
