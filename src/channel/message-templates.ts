/**
 * The merchant's `messages` overrides as they cross the frame. Functions
 * cannot be posted, so the host calls each one with placeholders and it
 * crosses as a template the frame fills in: `(noun) => "Falta " + noun`
 * becomes "Falta \u0000". Sentences that depend on a number (`fixErrors`)
 * cross once per count. A function that does more with its argument than put
 * it in the sentence (e.g. upper-cases it) is the one thing this cannot
 * carry: docs/security.md says so. What the frame accepts of them is
 * `message-checks.ts`.
 */
import { FORM_FIELDS, type FormFieldName } from '../form/form-fields.js';
import type { ErrorSentence, InstallmentSentences, MessageOverrides, Messages } from '../form/messages.js';
import type { Problem } from '../form/problems.js';

/** Where a template takes a function's first, second and third argument. */
const FIRST = '\u0000';
const SECOND = '\u0001';
const THIRD = '\u0002';
/** `fixErrors` is said for one to four invalid fields. */
export const COUNTS = [1, 2, 3, 4];

/** How one sentence of {@link Messages} crosses: a function as its template (one per count for `fixErrors`), a table as part of it. */
export type Packed<T> = T extends string
  ? string
  : T extends (count: number) => string
    ? string[]
    : T extends (...args: string[]) => string
      ? string
      : T extends Partial<Record<string, string>>
        ? Partial<T>
        : T extends Partial<InstallmentSentences>
          ? { [K in keyof InstallmentSentences]?: string }
          : { [K in keyof T]?: string | Record<FormFieldName, string> };

/** The overrides as they cross. */
export type PackedMessages = { [K in keyof Messages]?: Packed<Messages[K]> };

type Template = (...args: string[]) => string;

/** Packs one override, on the host. */
export function packMessage<K extends keyof Messages>(key: K, value: NonNullable<MessageOverrides[K]>): Packed<Messages[K]> {
  let packed: unknown;
  if (key === 'errors') {
    const errors: Record<string, unknown> = {};
    for (const [problem, sentence] of Object.entries(value as Partial<Record<Problem, ErrorSentence>>)) {
      if (typeof sentence === 'function') errors[problem] = Object.fromEntries(FORM_FIELDS.map((field) => [field, sentence(FIRST, field)]));
      else if (sentence != null) errors[problem] = sentence;
    }
    packed = errors;
  } else if (key === 'fixErrors') packed = COUNTS.map((count) => (value as (count: number) => string)(count));
  else if (typeof value === 'function') packed = (value as Template)(FIRST, SECOND);
  else if (typeof value === 'object')
    // A table's functions (the Parcelas sentences) cross as templates too.
    packed = Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item != null)
        .map(([name, item]) => [name, typeof item === 'function' ? (item as Template)(FIRST, SECOND, THIRD) : item]),
    );
  else packed = value;
  return packed as Packed<Messages[K]>;
}

/** Packs overrides on the host. Values left null or undefined are left out, as `mergeMessages` ignores them. */
export function packMessages(overrides: MessageOverrides | null): PackedMessages | null {
  if (!overrides) return null;
  const packed: Record<string, unknown> = {};
  for (const key of Object.keys(overrides) as (keyof Messages)[]) {
    const value = overrides[key];
    if (value != null) packed[key] = packMessage(key, value);
  }
  return packed as PackedMessages;
}

/** The sentences of {@link Messages} built from text arguments, each of which crosses as one template. */
type TextFunctionKey = { [K in keyof Messages]: Messages[K] extends (...args: string[]) => string ? K : never }[keyof Messages];

/** Every sentence filled in from a template in the frame: a new one does not compile until it is here. */
const TEMPLATES = { notAccepted: 1, brandDetected: 1, tokenized: 1, saved: 1 } satisfies Record<TextFunctionKey, 1>;

const fill = (template: string, ...args: string[]) =>
  [FIRST, SECOND, THIRD].reduce((text, mark, i) => text.split(mark).join(args[i] ?? ''), template);

/** The Parcelas sentences filled in from templates; the label is plain text. */
export const INSTALLMENT_TEMPLATES = { free: 1, interest: 1, gone: 1, changed: 1 } satisfies Record<
  Exclude<keyof InstallmentSentences, 'label'>,
  1
>;

/** Turns packed overrides back into `messages` overrides, in the frame. */
export function unpackMessages(packed: PackedMessages | null): MessageOverrides | null {
  if (!packed) return null;
  const out: Record<string, unknown> = { ...packed };
  for (const key of Object.keys(TEMPLATES) as TextFunctionKey[]) {
    const template = packed[key];
    if (template !== undefined) out[key] = (...args: string[]) => fill(template, ...args);
  }
  if (packed.fixErrors) {
    const sentences = packed.fixErrors;
    out.fixErrors = (count: number) => sentences[Math.min(Math.max(count, 1), COUNTS.length) - 1];
  }
  if (packed.installments) {
    out.installments = Object.fromEntries(
      Object.entries(packed.installments).map(([name, text]) => [
        name,
        Object.hasOwn(INSTALLMENT_TEMPLATES, name) ? (...args: string[]) => fill(text, ...args) : text,
      ]),
    );
  }
  if (packed.errors) {
    out.errors = Object.fromEntries(
      Object.entries(packed.errors).map(([problem, sentence]) => [
        problem,
        typeof sentence === 'string' ? sentence : (noun: string, field: FormFieldName) => fill(sentence[field], noun),
      ]),
    );
  }
  return out as MessageOverrides;
}
