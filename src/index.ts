/**
 * `pay-card-form`: importing this module defines `<pay-card-form>`, with both
 * modes (the inline form loads on demand, only where `mode="inline"` asks),
 * and exports what belongs to the element. The card logic, `tokenize` and
 * the error classes have one path of their own, `pay-card-form/core`.
 */
import { setInlineFormLoader } from './element/inline-mode.js';
import { inlineFormLoader } from './element/inline-form.js';
import { setDiagnosisSource } from './element/diagnosis-source.js';
import { diagnosisOnDemand } from './element/diagnosis-on-demand.js';
import { setOverrideChecksLoader, UNCHECKED } from './element/override-checks-source.js';
import { PayCardForm } from './element/pay-card-form.js';

export { PayCardForm };
export { CardChangeEvent } from './element/events/change-event.js';
export { type ChangeDetail, type FieldState } from './form/change-detail.js';
export { TokenizedEvent } from './element/events/tokenized-event.js';
export { TokenizeErrorEvent, type TokenizeErrorDetail } from './element/events/tokenize-error-event.js';
export type { PayCardFormEventMap, PayCardFormElementEventMap, PayCardFormListener } from './element/events/event-map.js';
export { en, ptBR, type Messages, type MessageOverrides, type ErrorSentence } from './form/messages.js';
export type { Problem } from './form/problems.js';
export { type CardFieldName } from './card/field-names.js';

setInlineFormLoader(inlineFormLoader(() => import('./element/inline-surface.js')));
setDiagnosisSource(diagnosisOnDemand);
setOverrideChecksLoader(() =>
  import('./element/override-checks.js').then(
    ({ overrideChecks }) => overrideChecks,
    () => UNCHECKED,
  ),
);
// Server-side rendering imports this module in Node, where there is no registry; the manifest analyzer reads this call.
if (typeof customElements !== 'undefined' && !customElements.get('pay-card-form')) {
  customElements.define('pay-card-form', PayCardForm);
}
