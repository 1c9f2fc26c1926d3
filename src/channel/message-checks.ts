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
import { messageChecks } from './message-check-table.js';
import { COUNTS, INSTALLMENT_TEMPLATES, type PackedMessages } from './message-templates.js';
import { sentence } from './protocol.js';
import { either, object, optional, partialRecord, tuple } from './schema.js';

export type { MessageChecks } from './message-check-table.js';

/** Each sentence's check, keyed as {@link Messages} is. */
export const MESSAGE_CHECKS = messageChecks(
  BRANDS,
  FORM_FIELDS,
  PROBLEMS,
  COUNTS,
  INSTALLMENT_TEMPLATES,
  sentence,
  either,
  object,
  optional,
  partialRecord,
  tuple,
);

/** Every sentence in `packed` that its check accepts; the rest, and keys that name no sentence, are dropped. */
export function validMessages(packed: Record<string, unknown> | null): PackedMessages | null {
  if (!packed) return null;
  return Object.fromEntries(
    Object.entries(packed).filter(([key, value]) => Object.hasOwn(MESSAGE_CHECKS, key) && MESSAGE_CHECKS[key as keyof Messages](value)),
  );
}
