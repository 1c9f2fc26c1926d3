import type { TokenizeResult } from '../card/types.js';
import type { FormSettings } from '../form/form-settings.js';
import type { CardReport } from '../form/card-session.js';
import type { OverrideChecks } from './override-checks.js';

/** What a surface tells the host element. */
export interface SurfaceDelegate {
  settings(): FormSettings;
  changed(report: CardReport): void;
  edited(): void;
  submitted(): void;
  /** A setting the form cannot use, and why: the console says so, once per setting. */
  unused(setting: string, why: string): void;
  /** The settings wait for the checks of `messages`, still loading: nothing is sent or shown until the host updates again. */
  pending(): boolean;
  /** The checks of the `--pay-*` values, or null while they load (the first call starts it; the host updates again once they have). */
  overrides(): OverrideChecks | null;
  /** The form cannot be loaded (isolated: the frame did not show the form, retries included; the error names why); the shopper is told, the page hears `tokenize-error`. */
  failed(error: Error): void;
}

/**
 * Where the card is typed: in the element's own shadow root (inline) or in a
 * frame from the tokenization origin (isolated). The host element runs the
 * same code over either: form association, events and the public API.
 */
export interface CardSurface {
  /** From the host's update; `refresh` says the language, messages or accepted brands changed. */
  update(root: ShadowRoot, refresh: boolean): void;
  /** Validates and tokenizes; rejects with a typed error, or an `AbortError` when the card is edited meanwhile. */
  tokenize(): Promise<TokenizeResult>;
  reset(): void;
  /** Shows every current error, as a failed submit does. */
  showErrors(): void;
  /** Puts focus in the card-number field. */
  focus(): void;
  /** Where the browser's validation message points for `field`. */
  anchor(field: string): HTMLElement | undefined;
  /** After the form could not be loaded (isolated: its frame; inline: its module), loads it again. */
  retry?(): void;
  /** Why the form could not be loaded (isolated: its frame did not show it), once the host has given up; null otherwise. */
  readonly failure?: Error | null;
  /** Resolves when the surface can take a card (isolated: the frame has shown the form); rejects when it cannot. */
  readonly ready: Promise<void>;
}
