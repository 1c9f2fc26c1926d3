/**
 * The frame's failure diagnosis as a chunk of its own, for the builds that
 * can load one: most pages never need it, so it loads once a first attempt
 * has failed, while the next attempts run.
 */
import type { DiagnosisSource } from './diagnosis-source.js';

type Diagnosis = typeof import('./frame-diagnosis.js');

/** The module on its way, or its failure to load; shared by every element of the page. */
let loading: Promise<Diagnosis> | null = null;

function load(): Promise<Diagnosis> {
  const module = (loading ??= import('./frame-diagnosis.js'));
  // A module that did not load is asked for again by the next failure (the page's network may be back). A browser
  // that keeps a failed module fetch for the page's life (Chromium 150) fails that at once, and the page hears the
  // FrameError of diagnose() below; fetching it anew (src/shared/import-again.ts) would cost every page its code.
  module.catch(() => {
    if (loading === module) loading = null;
  });
  return module;
}

export const diagnosisOnDemand: DiagnosisSource = {
  prepare: load,
  /**
   * The module's loading counts within `signal`'s time. When it does not
   * load in time, the page still hears a `FrameError`, one that says the
   * cause could not be found and why, rather than nothing.
   */
  async diagnose(started, url, signal, page) {
    const timedOut = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    try {
      const { diagnose } = await Promise.race([load(), timedOut]);
      return await diagnose(started, url, signal, page);
    } catch (cause) {
      return new page.FrameError(
        `<pay-card-form> cannot show its secure card form from ${url}, and the file that finds out why did not load from this page's server either. Try again (el.retry()).`,
        { reason: started ? 'not-started' : 'unreachable', url, cause },
      );
    }
  },
};
