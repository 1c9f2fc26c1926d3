/**
 * The inline form's loader, for the entry points that can load it on demand
 * (the classic script cannot, and does not carry this). A module that does
 * not arrive is asked for twice more, as the frame is
 * (src/shared/retry-schedule.ts), each time at an address of its own
 * (src/shared/import-again.ts); after the third failure the element gets a
 * surface that says so.
 */
import { importAgain } from '../shared/import-again.js';
import { retried } from '../shared/retry-schedule.js';
import type { InlineFormLoader } from './inline-mode.js';
import type { InlineSurface } from './inline-surface.js';
import { UnloadedSurface } from './unloaded-surface.js';

/** `load` imports `inline-surface.ts`. */
export function inlineFormLoader(load: () => Promise<{ InlineSurface: typeof InlineSurface }>): InlineFormLoader {
  const attempt = importAgain(load);
  return () =>
    retried(attempt).then(
      ({ InlineSurface }) =>
        (host, delegate) =>
          new InlineSurface(host, delegate),
      (cause: unknown) => (_host, delegate, reload) => new UnloadedSurface(cause, delegate, reload),
    );
}
