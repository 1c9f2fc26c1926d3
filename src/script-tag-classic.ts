/**
 * The classic script (`dist/pay-card-form.iife.js`, `window.PayCardForm`),
 * for pages that cannot load a module. A classic script is one file: it
 * cannot fetch the inline form on demand, so it holds isolated mode alone,
 * the mode such pages, with their many third-party scripts, need most. The
 * ES module has both modes.
 */
import { setInlineFormLoader } from './element/inline-mode.js';
import { setDiagnosisSource } from './element/diagnosis-source.js';
import { diagnose } from './element/frame-diagnosis.js';
import { setOverrideChecksLoader } from './element/override-checks-source.js';
import { overrideChecks } from './element/override-checks.js';
import { PayCardForm } from './element/pay-card-form.js';

export { PayCardForm };
export * from './script-tag-api.js';

// Rather than take no card, the form runs isolated; the developer is told why, once per page.
let warned = false;
setInlineFormLoader(() => {
  if (!warned) {
    console.warn(
      '<pay-card-form>: mode="inline" is not in the classic script (pay-card-form.iife.js); the form runs isolated. Load the ES module (pay-card-form.js) for inline mode.',
    );
  }
  warned = true;
  return null;
});
// One file, the frame's diagnosis in it: nothing to fetch when a frame fails.
setDiagnosisSource({ prepare() {}, diagnose });
setOverrideChecksLoader(async () => overrideChecks);
// A page may also load the ES module or an app's bundle: the first definition stands.
if (typeof customElements !== 'undefined' && !customElements.get('pay-card-form')) {
  customElements.define('pay-card-form', PayCardForm);
}
