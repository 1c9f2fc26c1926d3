/**
 * Where a failed frame's diagnosis comes from. Each entry point that defines
 * the element sets it once, before the element can run: those that can load
 * a module on demand (`pay-card-form` and the script-tag ES module) load the
 * diagnosis's chunk once a first attempt fails, so a page whose frame shows
 * the form never downloads it; the classic script, which can only be one
 * file, holds the diagnosis and calls it directly.
 */
import type { FrameError } from '../shared/errors.js';
import type { PageCode } from './frame-diagnosis.js';

export interface DiagnosisSource {
  /** Gets the diagnosis ready: called as soon as an attempt fails, so that it is there when the round gives up. */
  prepare(): void;
  /**
   * The cause of the failure of the frame at `url`, found before `signal`
   * aborts; `started`: the frame said hello, and did not start. Never
   * rejects: a cause that cannot be found is a `FrameError` that says why.
   */
  diagnose(started: boolean, url: string, signal: AbortSignal, page: PageCode): Promise<FrameError>;
}

/** What the entry point set. */
export let diagnosisSource: DiagnosisSource;

/** Sets where every `<pay-card-form>` of the page gets its diagnosis. */
export function setDiagnosisSource(given: DiagnosisSource): void {
  diagnosisSource = given;
}
