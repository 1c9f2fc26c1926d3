import type { FormSettings } from '../form/form-settings.js';
import { packMessages } from './message-templates.js';
import type { FrameSettings } from './to-frame.js';

/**
 * The `settings` the host posts to the frame, from the settings the form
 * reads (already held to their rows, `settings.ts`) and the `--pay-*` values
 * read off the page. Key by key: a key the frame does not take does not
 * compile here.
 */
export function frameSettings(form: FormSettings, variables: Record<string, string>): FrameSettings {
  return {
    lang: form.lang,
    messages: packMessages(form.messages),
    acceptedBrands: form.acceptedBrands,
    installments: form.installments,
    collectTaxId: form.collectTaxId,
    // A key the host refused (a secret key, say) never crosses: the frame has no use for it while unavailable.
    publicKey: form.unavailable ? '' : form.publicKey,
    disabled: form.disabled,
    unavailable: form.unavailable,
    hideSubmit: form.hideSubmit,
    hideSuccess: form.hideSuccess,
    showBrands: form.showBrands,
    submitLabel: form.submitLabel,
    theme: form.theme,
    variables,
  };
}
