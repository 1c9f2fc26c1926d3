import type { Brand } from '../card/brand.js';
import type { CardFieldName } from '../card/field-names.js';
import type { InstallmentOption } from '../card/installments.js';
import type { TaxId } from '../document/tax-id.js';

/** One field's state in the `change` event. `error` is the message shown to the shopper, or null. */
export interface FieldState {
  valid: boolean;
  error: string | null;
}

/**
 * `detail` of the `change` event. Never holds what was typed on the card:
 * only whether it is valid. The buyer's document, which the charge needs,
 * is there once it is valid.
 */
export interface ChangeDetail {
  /** Every field shown is valid, the CPF or CNPJ included (`collect-tax-id`). */
  complete: boolean;
  /** Nothing has been typed on the card. */
  empty: boolean;
  brand: Brand | null;
  /** The card's fields, and `taxId` when the form collects the buyer's document. */
  fields: Record<CardFieldName, FieldState> & { taxId?: FieldState };
  /** The installment option chosen under "Parcelas" (`installments`), or null when the form offers none. */
  plan: InstallmentOption | null;
  /** The buyer's CPF or CNPJ, normalized, once it is valid (`collect-tax-id`); otherwise null. */
  taxId: TaxId | null;
}
