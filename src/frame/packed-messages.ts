/**
 * The merchant's `messages` overrides, packed to cross into the frame.
 * Functions cannot be posted, so each one is called on the host with
 * placeholders and crosses as a template the frame fills in: `(noun) =>
 * "Falta " + noun` becomes "Falta \u0000". Sentences that depend on a
 * number (`fixErrors`) cross once per count. A function that does more
 * with its argument than put it in the sentence (e.g. upper-cases it) is
 * the one thing this cannot carry: docs/security.md says so.
 */
import { BRANDS } from '../card/brands.js';
import { FIELDS, type FieldName } from '../card/card-fields.js';
import type { ErrorSentence, MessageOverrides, Problem } from '../element/messages.js';
import { either, nullable, object, optional, partialRecord, string, tuple, type Check, type Infer } from './schema.js';

const FIRST = '\u0000';
const SECOND = '\u0001';
const PROBLEMS: readonly Problem[] = ['required', 'incomplete', 'invalid', 'expired', 'unsupported', 'tooLong'];
/** `fixErrors` is said for one to four invalid fields. */
const COUNTS = [1, 2, 3, 4];
/** Long enough for any sentence a form needs, short enough that no one ships a page through it. */
const text = string(300);
const fieldTexts = partialRecord(FIELDS, text);

/** The packed overrides, as the frame checks them. */
export const packedMessages = object({
  labels: optional(fieldTexts),
  nouns: optional(fieldTexts),
  placeholders: optional(fieldTexts),
  submit: optional(text),
  busy: optional(text),
  busyExplanation: optional(text),
  errors: optional(partialRecord(PROBLEMS, either(text, object({ number: text, holderName: text, expiry: text, cvv: text })))),
  brandNames: optional(partialRecord(BRANDS, string(40))),
  notAccepted: optional(text),
  brandDetected: optional(text),
  fixErrors: optional(tuple(text, COUNTS.length)),
  tokenized: optional(text),
  saved: optional(text),
  unavailable: optional(text),
  failure: optional(partialRecord(['network', 'authentication', 'api'], text)),
});
export type PackedMessages = Infer<typeof packedMessages>;
export const packedMessagesOrNull: Check<PackedMessages | null> = nullable(packedMessages);

type Template = (...args: string[]) => string;
const TEMPLATES = ['notAccepted', 'brandDetected', 'tokenized', 'saved'] as const;

/** Packs overrides on the host. Values that are neither text nor functions are left out, as `mergeMessages` would ignore them. */
export function packMessages(overrides: MessageOverrides | null): PackedMessages | null {
  if (!overrides) return null;
  const packed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (value == null) continue;
    if (key === 'errors') {
      const errors: Record<string, unknown> = {};
      for (const [problem, sentence] of Object.entries(value as Partial<Record<Problem, ErrorSentence>>)) {
        if (typeof sentence === 'function') errors[problem] = Object.fromEntries(FIELDS.map((field) => [field, sentence(FIRST, field)]));
        else if (sentence != null) errors[problem] = sentence;
      }
      packed.errors = errors;
    } else if (key === 'fixErrors' && typeof value === 'function')
      packed.fixErrors = COUNTS.map((count) => (value as (count: number) => string)(count));
    else if (typeof value === 'function') packed[key] = (value as Template)(FIRST, SECOND);
    else packed[key] = typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([, item]) => item != null)) : value;
  }
  return packed as PackedMessages;
}

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
