/**
 * The messages between `<pay-card-form>` and its frame. The frame speaks
 * first: it posts `hello` to its parent's window, for the origin the page
 * declared. The host then opens the channel: it posts `connect` to the
 * frame's window, for the frame's exact origin, with one end of a new
 * `MessageChannel`; a window that never said `hello` never gets a message. Everything after goes over that port, private to this
 * one element. Every message carries the protocol version; anything that
 * fails its check is dropped without an answer.
 *
 * What crosses to the host is what the page may know: field states and
 * their sentences, the brand, the token, typed errors, and the frame's
 * height. Never a keystroke or a field's value.
 *
 * The checks of each direction live apart (`to-frame.ts`, `from-frame.ts`),
 * so each side ships only the checks of what it receives.
 */
import { SENTENCE_LIMIT } from '../form/sentence-limit.js';
import { integer, object, oneOf, string, type Check } from './schema.js';

/** Bumped when a message changes shape; the frame's path carries it too (`/frame/v1/`). */
export const VERSION = 1;
/** Where the frame lives, under the service's base address. */
export const FRAME_PATH = 'frame/v1/card.html';
/**
 * The service's answer to the element's probe of the frame's page (a CORS
 * `GET`, made once the frame has failed to show the form): `allowed` or
 * `refused` for the probing page's origin, as the page's `frame-ancestors`
 * decides; the sandbox adds `; setting=SANDBOX_FRAME_ANCESTORS`, the setting
 * that changes it. Its presence says the address is the service's frame.
 */
export const FRAME_ANCESTORS_HEADER = 'pay-frame-ancestors';

/**
 * The longest text each setting may be, in UTF-16 units (`.length`): the
 * same in both modes. The host holds its settings to these before anything
 * crosses (`element/setting-limits.ts`), and the frame's checks refuse
 * anything longer.
 */
export const LIMITS = {
  /** Any sentence of `messages`, and any the form shows. */
  sentence: SENTENCE_LIMIT,
  /** `locale`, or the page's `lang`: a BCP 47 tag. */
  lang: 40,
  submitLabel: 100,
  acceptedBrands: 200,
  publicKey: 200,
  /** What the form tells the developer is wrong with its settings (`CardReport.problem`). */
  problem: 600,
  /** Any `--pay-*` variable's value: room for long font stacks (Bootstrap's system stack is 190 characters). */
  themeValue: 500,
} as const;

export const v = oneOf([VERSION]);
export const id = integer(1, Number.MAX_SAFE_INTEGER);
export const sentence = string(LIMITS.sentence);
/** Exactly `count` ASCII digits. */
export const digits =
  (count: number): Check<string> =>
  (value): value is string =>
    typeof value === 'string' && value.length === count && /^\d+$/.test(value);
export const message = <T extends string, S extends Record<string, Check<unknown>>>(type: T, shape: S) =>
  object({ v, type: oneOf([type]), ...shape });
