import { FIELDS, type CardFieldName } from '../card/field-names.js';

/**
 * Every input the form can show: the card's four, then the buyer's CPF or
 * CNPJ (`collect-tax-id`), in the order a person fills them. The labels,
 * nouns, placeholders and error sentences are kept for each, so an override
 * reads the same for the document as for the card.
 */
export type FormFieldName = CardFieldName | 'taxId';

export const FORM_FIELDS: readonly FormFieldName[] = [...FIELDS, 'taxId'];
