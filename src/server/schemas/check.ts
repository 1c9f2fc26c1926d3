import type * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * Every schema of this folder is checked through here, by the client and the
 * sandbox alike. The schemas are written with `zod/mini`, which tree-shakes
 * (a Worker bundles only what it calls) but loads no locale: its own messages
 * would all read "Invalid input". Passing English per call, rather than with
 * `z.config()`, leaves any zod the merchant's own code uses as it was.
 */
const english = en().localeError;

/**
 * `schema.safeParse(value)`, with zod's English messages where a schema
 * gives none of its own. The messages are asked for only when the value
 * fails: a parse given them skips zod's compiled path for objects and took
 * about seven times as long on a small valid one, and every response the
 * client and the sandbox read passes through here.
 */
export function check<T extends z.ZodMiniType>(schema: T, value: unknown): z.core.util.SafeParseResult<z.output<T>> {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed : schema.safeParse(value, { error: english });
}
