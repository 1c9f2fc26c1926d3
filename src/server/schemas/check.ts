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

/** `schema.safeParse(value)`, with zod's English messages where a schema gives none of its own. */
export function check<T extends z.ZodMiniType>(schema: T, value: unknown): z.core.util.SafeParseResult<z.output<T>> {
  return schema.safeParse(value, { error: english });
}
