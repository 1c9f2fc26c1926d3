/** The messages the page sends the frame, and their checks: what the frame accepts. */
import { packedMessagesOrNull } from './packed-messages.js';
import { id, message, v } from './protocol.js';
import { MAX_THEME_VALUE, THEME_VARIABLES } from './theme-table.js';
import { boolean, object, oneOf, partialRecord, string, type Infer } from './schema.js';

/** The page's first message, to the frame's window: the port comes with it. */
export const connectMessage = message('connect', {});

// Over the port.
export const settingsMessage = message('settings', {
  settings: object({
    lang: string(40),
    messages: packedMessagesOrNull,
    acceptedBrands: string(200),
    publicKey: string(200),
    disabled: boolean,
    unavailable: boolean,
    hideSubmit: boolean,
    hideSuccess: boolean,
    showBrands: boolean,
    submitLabel: string(100),
    theme: oneOf(['light', 'dark', 'auto']),
    variables: partialRecord(Object.keys(THEME_VARIABLES), string(MAX_THEME_VALUE)),
  }),
});
export const tokenizeMessage = message('tokenize', { id });
export const commandMessage = object({ v, type: oneOf(['reset', 'show-errors', 'focus']) });

/** Everything the host may send over the port. */
export const toFrame = (
  value: unknown,
): value is Infer<typeof settingsMessage> | Infer<typeof tokenizeMessage> | Infer<typeof commandMessage> =>
  settingsMessage(value) || tokenizeMessage(value) || commandMessage(value);
export type ToFrame = Infer<typeof settingsMessage> | Infer<typeof tokenizeMessage> | Infer<typeof commandMessage>;
export type FrameSettings = Infer<typeof settingsMessage>['settings'];
