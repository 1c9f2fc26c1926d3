/**
 * How the package asks again for what the network did not deliver: the
 * secure frame, the inline form's file, and the file of Parcelas and the
 * CPF/CNPJ field. Three attempts, one and two seconds apart: long enough
 * for a dropped connection to come back, short enough that a shopper hears
 * within seconds that card payment is unavailable.
 */

/** The waits before the second and the third attempt. */
export const RETRY_WAITS_MS = [1_000, 2_000];

/** `attempt()`, and again after each of {@link RETRY_WAITS_MS} while it fails; rejects with the last failure. */
export function retried<T>(attempt: () => Promise<T>): Promise<T> {
  return RETRY_WAITS_MS.reduce((tried, wait) => tried.catch(() => new Promise((next) => setTimeout(next, wait)).then(attempt)), attempt());
}
