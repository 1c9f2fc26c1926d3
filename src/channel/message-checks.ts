/**
 * What the frame accepts of the `messages` overrides, sentence by sentence
 * (`message-templates.ts` says how they cross). The table has a check for
 * every key of {@link Messages}: a sentence added there and not here does not
 * compile (`declarations.browser.test.ts`). The frame keeps each sentence
 * that passes and drops the rest, so one bad override never blanks the form;
 * the host has already warned of any text over its limit.
 */
import { BRANDS } from '../card/brand.js';
import { FORM_FIELDS } from '../form/form-fields.js';
import type { Messages } from '../form/messages.js';
import { PROBLEMS } from '../form/problems.js';
import { COUNTS, INSTALLMENT_TEMPLATES, type Packed, type PackedMessages } from './message-templates.js';
import { sentence } from './protocol.js';
import { either, object, optional, partialRecord, tuple, type Check } from './schema.js';

/** A check for every sentence of `M`, as it crosses. */
export type MessageChecks<M> = { [K in keyof M]-?: Check<Packed<M[K]> | undefined> };

const fieldSentences = optional(partialRecord(FORM_FIELDS, sentence));

/** The kinds of failure the shopper is told apart: a new one does not compile until it is here. */
const FAILURES = { network: 1, authentication: 1, api: 1 } satisfies Record<keyof Messages['failure'], 1>;

/** Each sentence's check, keyed as {@link Messages} is. */
export const MESSAGE_CHECKS = {
  labels: fieldSentences,
  nouns: fieldSentences,
  placeholders: fieldSentences,
  submit: optional(sentence),
  busy: optional(sentence),
  busyExplanation: optional(sentence),
  errors: optional(
    partialRecord(
      PROBLEMS,
      either(sentence, object({ number: sentence, holderName: sentence, expiry: sentence, cvv: sentence, taxId: sentence })),
    ),
  ),
  brandNames: optional(partialRecord(BRANDS, sentence)),
  acceptedBrands: optional(sentence),
  notAccepted: optional(sentence),
  brandDetected: optional(sentence),
  fixErrors: optional(tuple(sentence, COUNTS.length)),
  tokenized: optional(sentence),
  saved: optional(sentence),
  unavailable: optional(sentence),
  failure: optional(partialRecord(Object.keys(FAILURES) as (keyof Messages['failure'])[], sentence)),
  installments: optional(
    partialRecord(['label', ...(Object.keys(INSTALLMENT_TEMPLATES) as (keyof typeof INSTALLMENT_TEMPLATES)[])], sentence),
  ),
} satisfies MessageChecks<Messages>;

/** Every sentence in `packed` that its check accepts; the rest, and keys that name no sentence, are dropped. */
export function validMessages(packed: Record<string, unknown> | null): PackedMessages | null {
  if (!packed) return null;
  return Object.fromEntries(
    Object.entries(packed).filter(([key, value]) => Object.hasOwn(MESSAGE_CHECKS, key) && MESSAGE_CHECKS[key as keyof Messages](value)),
  );
}
