/**
 * The merchant's `messages` overrides across the frame. Functions cannot be
 * posted, so the host calls each one with placeholders and it crosses as a
 * template the frame fills in: `(noun) => "Falta " + noun` becomes
 * "Falta \u0000". Sentences that depend on a number (`fixErrors`) cross
 * once per count. A function that does more with its argument than put it
 * in the sentence (e.g. upper-cases it) is the one thing this cannot carry:
 * docs/security.md says so.
 *
 * The check is a table over every key of {@link Messages}: a sentence added
 * there and not here does not compile (`declarations.browser.test.ts`).
 */
import { BRANDS } from '../card/brand.js';
import { FIELDS, type FieldName } from '../card/field-names.js';
import type { ErrorSentence, MessageOverrides, Messages } from '../form/messages.js';
import { PROBLEMS, type Problem } from '../form/problems.js';
import { LIMITS } from './protocol.js';
import { either, nullable, object, optional, partialRecord, string, tuple, type Check, type Infer } from './schema.js';

/** Where a template takes a function's first and second argument. */
const FIRST = '\u0000';
const SECOND = '\u0001';
/** `fixErrors` is said for one to four invalid fields. */
const COUNTS = [1, 2, 3, 4];

/** How one sentence of {@link Messages} crosses: a function as its template (one per count for `fixErrors`), a table as part of it. */
export type Packed<T> = T extends string
  ? string
  : T extends (count: number) => string
    ? string[]
    : T extends (...args: string[]) => string
      ? string
      : T extends Partial<Record<string, string>>
        ? Partial<T>
        : { [K in keyof T]?: string | Record<FieldName, string> };

/** A check for every sentence of `M`, as it crosses. */
export type MessageChecks<M> = { [K in keyof M]-?: Check<Packed<M[K]> | undefined> };

const sentence = string(LIMITS.sentence);
const fieldSentences = optional(partialRecord(FIELDS, sentence));

/** Each sentence's check, keyed as {@link Messages} is. */
export const MESSAGE_CHECKS = {
  labels: fieldSentences,
  nouns: fieldSentences,
  placeholders: fieldSentences,
  submit: optional(sentence),
  busy: optional(sentence),
  busyExplanation: optional(sentence),
  errors: optional(partialRecord(PROBLEMS, either(sentence, object({ number: sentence, holderName: sentence, expiry: sentence, cvv: sentence })))),
  brandNames: optional(partialRecord(BRANDS, string(LIMITS.brandName))),
  acceptedBrands: optional(sentence),
  notAccepted: optional(sentence),
  brandDetected: optional(sentence),
  fixErrors: optional(tuple(sentence, COUNTS.length)),
  tokenized: optional(sentence),
  saved: optional(sentence),
  unavailable: optional(sentence),
  failure: optional(partialRecord(['network', 'authentication', 'api'], sentence)),
} satisfies MessageChecks<Messages>;

/** The packed overrides, as the frame checks them. */
export const packedMessages = object(MESSAGE_CHECKS);
export type PackedMessages = Infer<typeof packedMessages>;
export const packedMessagesOrNull: Check<PackedMessages | null> = nullable(packedMessages);

type Template = (...args: string[]) => string;

/** Packs one override, on the host. */
export function packMessage<K extends keyof Messages>(key: K, value: NonNullable<MessageOverrides[K]>): Packed<Messages[K]> {
  let packed: unknown;
  if (key === 'errors') {
    const errors: Record<string, unknown> = {};
    for (const [problem, sentence] of Object.entries(value as Partial<Record<Problem, ErrorSentence>>)) {
      if (typeof sentence === 'function') errors[problem] = Object.fromEntries(FIELDS.map((field) => [field, sentence(FIRST, field)]));
      else if (sentence != null) errors[problem] = sentence;
    }
    packed = errors;
  } else if (key === 'fixErrors') packed = COUNTS.map((count) => (value as (count: number) => string)(count));
  else if (typeof value === 'function') packed = (value as Template)(FIRST, SECOND);
  else packed = typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([, item]) => item != null)) : value;
  return packed as Packed<Messages[K]>;
}

/** Packs overrides on the host. Values that are neither text nor functions are left out, as `mergeMessages` would ignore them. */
export function packMessages(overrides: MessageOverrides | null): PackedMessages | null {
  if (!overrides) return null;
  const packed: Record<string, unknown> = {};
  for (const key of Object.keys(overrides) as (keyof Messages)[]) {
    const value = overrides[key];
    if (value != null) packed[key] = packMessage(key, value);
  }
  return packed as PackedMessages;
}

const TEMPLATES = ['notAccepted', 'brandDetected', 'tokenized', 'saved'] as const;

const fill = (template: string, ...args: string[]) =>
  template
    .split(FIRST)
    .join(args[0] ?? '')
    .split(SECOND)
    .join(args[1] ?? '');

/** Turns packed overrides back into `messages` overrides, in the frame. */
export function unpackMessages(packed: PackedMessages | null): MessageOverrides | null {
  if (!packed) return null;
  const out: Record<string, unknown> = { ...packed };
  for (const key of TEMPLATES) {
    const template = packed[key];
    if (template !== undefined) out[key] = (...args: string[]) => fill(template, ...args);
  }
  if (packed.fixErrors) {
    const sentences = packed.fixErrors;
    out.fixErrors = (count: number) => sentences[Math.min(Math.max(count, 1), COUNTS.length) - 1];
  }
  if (packed.errors) {
    out.errors = Object.fromEntries(
      Object.entries(packed.errors).map(([problem, sentence]) => [
        problem,
        typeof sentence === 'string' ? sentence : (noun: string, field: FieldName) => fill(sentence[field], noun),
      ]),
    );
  }
  return out as MessageOverrides;
}
