/**
 * Where `mode="inline"` gets its form. Each entry point sets it once: those
 * that can load a module on demand (`pay-card-form` and the script-tag ES
 * module) load the inline form's chunk (`inline-form.ts`); the classic
 * script, which can only be one file, has none, so it holds isolated mode
 * alone and stays about half the size.
 */
import type { ReactiveControllerHost } from '@lit/reactive-element';
import type { CardSurface, SurfaceDelegate } from './card-surface.js';

/**
 * Makes an element's inline surface: the form, or what stands in for it when
 * its module did not arrive. `reload` drops that stand-in and asks again.
 */
export type MakeInlineSurface = (host: ReactiveControllerHost, delegate: SurfaceDelegate, reload: () => void) => CardSurface;

/** Starts loading the inline form's module, or returns null where the build has none: the form then runs isolated. */
export type InlineFormLoader = () => Promise<MakeInlineSurface> | null;

let loader: InlineFormLoader = () => null;

/** Sets where every `<pay-card-form>` of the page gets its inline form. */
export function setInlineFormLoader(load: InlineFormLoader): void {
  loader = load;
}

/** Called by an element in `mode="inline"` as it first renders, and again by its `retry()` after the module did not arrive. */
export const loadInlineForm: InlineFormLoader = () => loader();
