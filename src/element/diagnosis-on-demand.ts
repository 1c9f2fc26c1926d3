/**
 * The frame's failure diagnosis as a chunk of its own, for the builds that
 * can load one: most pages never need it, so it loads once a first attempt
 * has failed, while the next attempts run.
 */
import { importAgain } from '../shared/import-again.js';
import type { DiagnosisSource } from './diagnosis-source.js';

/**
 * The module, shared by every element of the page. One that did not load is
 * asked for again by the next failure (the page's network may be back), at an
 * address of its own, since Chromium keeps a failed module fetch for the
 * page's life.
 */
const load = importAgain(() => import('./frame-diagnosis.js'));

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
