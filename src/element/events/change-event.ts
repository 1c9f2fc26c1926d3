import type { ChangeDetail } from '../../form/change-detail.js';

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
