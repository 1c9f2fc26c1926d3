import type { Brand } from '../../card/brands.js';
import type { FieldName } from '../../card/card-fields.js';

/** One field's state in the `change` event. `error` is the message shown to the shopper, or null. */
export interface FieldState {
  valid: boolean;
  error: string | null;
}

/** `detail` of the `change` event. Never holds what was typed: only whether it is valid. */
export interface ChangeDetail {
  complete: boolean;
  empty: boolean;
  brand: Brand | null;
  fields: Record<FieldName, FieldState>;
}

/**
 * `change`: completeness, brand or a field's validity changed. Named like the
 * native event it refines; bubbles and crosses shadow roots, like every event
 * of the element.
 */
export class CardChangeEvent extends CustomEvent<ChangeDetail> {
  constructor(detail: ChangeDetail) {
    super('change', { detail, bubbles: true, composed: true });
  }
}
