/**
 * Where `mode="inline"` gets its form. Each entry point sets it once: those
 * that can load a module on demand (`pay-card-form` and the script-tag ES
 * module) load the inline form's chunk; the classic script, which can only
 * be one file, has none, so it holds isolated mode alone and stays about
 * half the size.
 */
import type { InlineSurface } from './inline-surface.js';

/** Starts loading the inline form's module, or returns null where the build has none: the form then runs isolated. */
export type InlineFormLoader = () => Promise<{ InlineSurface: typeof InlineSurface }> | null;

let loader: InlineFormLoader = () => null;

/** Sets where every `<pay-card-form>` of the page gets its inline form. */
export function setInlineFormLoader(load: InlineFormLoader): void {
  loader = load;
}

/** Called once by an element in `mode="inline"`, as it first renders. */
export const loadInlineForm: InlineFormLoader = () => loader();
