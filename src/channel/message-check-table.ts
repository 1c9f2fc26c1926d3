/**
 * The table of checks for the `messages` sentences, built from its parts:
 * the schema's combinators and the lists the sentences range over. The parts
 * are handed in rather than imported, each typed by its one declaration:
 * the page loads this table on demand (`element/override-checks.ts`), and a
 * module it shared with the page's script would be split off that script
 * into a file of its own. The frame builds it from its imports
 * (`message-checks.ts`).
 */
import type { BRANDS } from '../card/brand.js';
import type { FORM_FIELDS } from '../form/form-fields.js';
import type { Messages } from '../form/messages.js';
import type { PROBLEMS } from '../form/problems.js';
import type { COUNTS, INSTALLMENT_TEMPLATES, Packed } from './message-templates.js';
import type { sentence } from './protocol.js';
import type { Check, either, object, optional, partialRecord, tuple } from './schema.js';

/** A check for every sentence of `M`, as it crosses. */
export type MessageChecks<M> = { [K in keyof M]-?: Check<Packed<M[K]> | undefined> };

/** What the table is made of, in this order: positions, not names, so that no name crosses into the built file twice. */
export type TableParts = [
  brands: typeof BRANDS,
  formFields: typeof FORM_FIELDS,
  problems: typeof PROBLEMS,
  counts: typeof COUNTS,
  installmentTemplates: typeof INSTALLMENT_TEMPLATES,
  sentence: typeof sentence,
  either: typeof either,
  object: typeof object,
  optional: typeof optional,
  partialRecord: typeof partialRecord,
  tuple: typeof tuple,
];

/** The kinds of failure the shopper is told apart: a new one does not compile until it is here. */
const FAILURES = { network: 1, authentication: 1, api: 1 } satisfies Record<keyof Messages['failure'], 1>;

/** Each sentence's check, keyed as {@link Messages} is. */
export function messageChecks(
  ...[BRANDS, FORM_FIELDS, PROBLEMS, COUNTS, INSTALLMENT_TEMPLATES, sentence, either, object, optional, partialRecord, tuple]: TableParts
) {
  const fieldSentences = optional(partialRecord(FORM_FIELDS, sentence));
  return {
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
}
