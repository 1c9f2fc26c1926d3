/**
 * The merchant's `messages` overrides, packed on the page to cross into the
 * frame. Functions cannot be posted, so each one is called here with
 * placeholders and crosses as a template the frame fills in: `(noun) =>
 * "Falta " + noun` becomes "Falta \u0000". Sentences that depend on a
 * number (`fixErrors`) cross once per count. A function that does more
 * with its argument than put it in the sentence (e.g. upper-cases it) is
 * the one thing this cannot carry: docs/security.md says so.
 */
import { FIELDS } from '../card/field-names.js';
import type { ErrorSentence, MessageOverrides, Problem } from '../element/messages.js';
import type { PackedMessages } from './packed-messages.js';

/** Where a template takes a function's first and second argument. */
export const FIRST = '\u0000';
export const SECOND = '\u0001';
/** `fixErrors` is said for one to four invalid fields. */
export const COUNTS = [1, 2, 3, 4];

type Template = (...args: string[]) => string;

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
