/** The messages the page sends the frame, and their checks: what the frame accepts. The host's types are inferred from these. */
import { id, LIMITS, message, v } from './protocol.js';
import { THEME_VARIABLES } from './theme-variables.js';
import { boolean, either, nullable, object, oneOf, partialRecord, record, string, type Infer } from './schema.js';

/** The page's first message, to the frame's window: the port comes with it. */
export const connectMessage = message('connect', {});

// Over the port.
export const settingsMessage = message('settings', {
  settings: object({
    lang: string(LIMITS.lang),
    // Checked sentence by sentence in the frame (`message-checks.ts`), so one bad override never refuses the rest.
    messages: nullable(record),
    acceptedBrands: string(LIMITS.acceptedBrands),
    // The plan's settings as the page gave them: the form checks them (`installmentOptions`) and reports what is wrong.
    installments: nullable(either(record, string(LIMITS.installments))),
    collectTaxId: boolean,
    publicKey: string(LIMITS.publicKey),
    disabled: boolean,
    unavailable: boolean,
    hideSubmit: boolean,
    hideSuccess: boolean,
    showBrands: boolean,
    submitLabel: string(LIMITS.submitLabel),
    theme: oneOf(['light', 'dark', 'auto']),
    variables: partialRecord(Object.keys(THEME_VARIABLES), string(LIMITS.themeValue)),
  }),
});
export const tokenizeMessage = message('tokenize', { id });
export const commandMessage = object({ v, type: oneOf(['reset', 'show-errors', 'focus']) });

export type ToFrame = Infer<typeof settingsMessage> | Infer<typeof tokenizeMessage> | Infer<typeof commandMessage>;
export type FrameSettings = Infer<typeof settingsMessage>['settings'];

/** Everything the host may send over the port. */
export const toFrame = (value: unknown): value is ToFrame => settingsMessage(value) || tokenizeMessage(value) || commandMessage(value);
