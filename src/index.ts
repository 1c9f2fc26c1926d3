/**
 * `pay-card-form`: importing this module defines `<pay-card-form>`.
 * Everything from `pay-card-form/core` is re-exported for convenience.
 */
import { PayCardForm } from './element/pay-card-form.js';

export { PayCardForm };
export { CardChangeEvent, type ChangeDetail, type FieldState } from './element/events/change-event.js';
export { TokenizedEvent } from './element/events/tokenized-event.js';
export { TokenizeErrorEvent, type TokenizeErrorDetail } from './element/events/tokenize-error-event.js';
export type { PayCardFormEventMap, PayCardFormElementEventMap, PayCardFormListener } from './element/events/event-map.js';
export { en, ptBR, type Messages, type MessageOverrides, type ErrorSentence, type Problem, type FieldName } from './element/messages.js';
export * from './core.js';

// Server-side rendering imports this module in Node, where there is no registry.
if (typeof customElements !== 'undefined' && !customElements.get('pay-card-form')) {
  customElements.define('pay-card-form', PayCardForm);
}
