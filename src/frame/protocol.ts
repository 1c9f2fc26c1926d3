/**
 * The messages between `<pay-card-form>` and its frame. The host opens the
 * channel: when the frame has loaded, it posts `connect` to the frame's
 * window, for the frame's exact origin, with one end of a new
 * `MessageChannel`. Everything after goes over that port, private to this
 * one element. Every message carries the protocol version; anything that
 * fails its check is dropped without an answer.
 *
 * What crosses to the host is what the page may know: field states and
 * their sentences, the brand, the token, typed errors, and the frame's
 * height. Never a keystroke or a field's value.
 */
import { BRANDS } from '../card/brands.js';
import { FIELDS } from '../card/card-fields.js';
import { packedMessagesOrNull } from './packed-messages.js';
import { boolean, integer, nullable, object, oneOf, partialRecord, string, type Check, type Infer } from './schema.js';
import { wireError } from './wire-errors.js';

/** Bumped when a message changes shape; the frame's path carries it too (`/frame/v1/`). */
export const VERSION = 1;
/** Where the frame lives, under the service's base address. */
export const FRAME_PATH = 'frame/v1/card.html';

const v = oneOf([VERSION]);
const id = integer(1, Number.MAX_SAFE_INTEGER);
const sentence = string(300);
/** Exactly `count` ASCII digits. */
const digits =
  (count: number): Check<string> =>
  (value): value is string =>
    typeof value === 'string' && value.length === count && /^\d+$/.test(value);
const message = <T extends string, S extends Record<string, Check<unknown>>>(type: T, shape: S) =>
  object({ v, type: oneOf([type]), ...shape });

/** The page's first message, to the frame's window: the port comes with it. */
export const connectMessage = message('connect', {});

// Host → frame, over the port.
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
    submitLabel: string(100),
    theme: oneOf(['light', 'dark', 'auto']),
    variables: partialRecord(
      [
        '--pay-color-primary',
        '--pay-color-on-primary',
        '--pay-color-text',
        '--pay-color-muted',
        '--pay-color-placeholder',
        '--pay-color-background',
        '--pay-color-border',
        '--pay-color-error',
        '--pay-font-family',
        '--pay-font-size',
        '--pay-radius',
        '--pay-spacing',
        '--pay-padding',
      ],
      string(200),
    ),
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

// Frame → host, over the port.
const fieldState = object({ valid: boolean, error: nullable(sentence) });
export const reportMessage = message('report', {
  report: object({
    detail: object({
      complete: boolean,
      empty: boolean,
      brand: nullable(oneOf(BRANDS)),
      fields: object({ number: fieldState, holderName: fieldState, expiry: fieldState, cvv: fieldState }),
    }),
    invalid: nullable(object({ field: oneOf(FIELDS), message: sentence })),
  }),
});
export const resultMessage = message('result', {
  id,
  result: object({
    token: string(200),
    brand: oneOf(BRANDS),
    lastFourDigits: digits(4),
    firstSixDigits: digits(6),
    expirationMonth: digits(2),
    expirationYear: digits(4),
  }),
});
export const errorMessage = message('error', { id, error: wireError });
export const sizeMessage = message('size', { height: integer(0, 10000) });
export const eventMessage = object({ v, type: oneOf(['ready', 'edited', 'submitted']) });

export type FromFrame =
  | Infer<typeof reportMessage>
  | Infer<typeof resultMessage>
  | Infer<typeof errorMessage>
  | Infer<typeof sizeMessage>
  | Infer<typeof eventMessage>;

/** Everything the frame may send over the port. */
export const fromFrame = (value: unknown): value is FromFrame =>
  reportMessage(value) || resultMessage(value) || errorMessage(value) || sizeMessage(value) || eventMessage(value);
