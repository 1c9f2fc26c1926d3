/** The messages the page sends the frame, and their checks: what the frame accepts. The host's types are inferred from these. */
import { id, LIMITS, message, v } from './protocol.js';
import { THEME_VARIABLES } from './theme-variables.js';
import { boolean, integer, object, oneOf, partialRecord, string, type Infer } from './schema.js';
import { CROSSING_CHECKS } from './settings.js';

/** The page's first message, to the frame's window: the port comes with it. */
export const connectMessage = message('connect', {});

// Over the port.
export const settingsMessage = message('settings', {
  settings: object({
    // Every setting that crosses, with its check, from the one table (`settings.ts`). `messages` is checked
    // again sentence by sentence in the frame (`message-checks.ts`), so one bad override never refuses the rest;
    // `installments` is the merchant's plan with `amount` put in, which the form checks (`installmentOptions`).
    ...CROSSING_CHECKS,
    // What the host adds: an enclosing `<fieldset disabled>`, a configuration it refused, the `--pay-*` values.
    disabled: boolean,
    unavailable: boolean,
    variables: partialRecord(Object.keys(THEME_VARIABLES), string(LIMITS.themeValue)),
  }),
});
export const tokenizeMessage = message('tokenize', { id });
export const commandMessage = object({ v, type: oneOf(['reset', 'show-errors', 'focus']) });
/**
 * A click that reached the page's `<iframe>` because the frame could not take
 * the pointer yet (just after it got its height): where, in the frame's CSS
 * pixels, so the control the shopper aimed at gets focus.
 */
export const pointAtMessage = message('point-at', { x: integer(0, 100_000), y: integer(0, 100_000) });
/**
 * A key that reached the page's `<iframe>` because the frame did not have the
 * keyboard yet: its text, one character, for the control with focus. The page
 * got this key from the browser; passing it on loses nothing more.
 */
export const keyMessage = message('key', { text: string(2) });

export type ToFrame =
  | Infer<typeof settingsMessage>
  | Infer<typeof tokenizeMessage>
  | Infer<typeof commandMessage>
  | Infer<typeof pointAtMessage>
  | Infer<typeof keyMessage>;
export type FrameSettings = Infer<typeof settingsMessage>['settings'];

/** Everything the host may send over the port. */
export const toFrame = (value: unknown): value is ToFrame =>
  settingsMessage(value) || tokenizeMessage(value) || commandMessage(value) || pointAtMessage(value) || keyMessage(value);
