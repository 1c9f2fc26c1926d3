import * as z from 'zod/mini';

/**
 * §2.1: the envelope of every v3 response. `data` must be present (an object
 * or null). The client reads responses with it, and the sandbox writes its
 * answers as this type.
 */
export const Envelope = z.object({
  code: z.union([z.number(), z.string()]),
  message: z.string(),
  data: z.union([z.record(z.string(), z.unknown()), z.null()]),
  time: z.int(),
});
export type Envelope = z.infer<typeof Envelope>;
