/** The card form's four inputs by name, apart from what they hold (`field-values.ts`). */

/** The four inputs of the form. */
export type CardFieldName = 'number' | 'holderName' | 'expiry' | 'cvv';

/** The inputs, in the order a person fills them (and the Tab order). */
export const FIELDS: readonly CardFieldName[] = ['number', 'holderName', 'expiry', 'cvv'];
