import type { Brand } from '../card/brand.js';
import type { FieldName } from '../card/field-names.js';

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
