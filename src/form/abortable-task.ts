import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';

/**
 * One async job at a time, with an `AbortSignal`, in the manner of
 * `@lit/task`: a second {@link run} while one is in flight gets the same
 * promise, and {@link abort} cancels the job for real (its `fetch` stops) and
 * lets go of it at once, so a new run can start. The host re-renders when the
 * job starts and ends, to show {@link pending}. A controller of its host: the
 * job is aborted when the host leaves the page, so no request outlives it.
 */
export class AbortableTask<T> implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  #pending: Promise<T> | null = null;
  #abort: AbortController | null = null;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.abort(new DOMException('The card form left the page.', 'AbortError'));
  }

  /** The promise of the job in flight, or null: a job is running exactly while this is set. */
  get pending(): Promise<T> | null {
    return this.#pending;
  }

  /**
   * Starts `job`, or returns the promise of the one in flight. The job gets
   * the signal to pass on, and must check it once its own work is done: an
   * answer that arrives as the abort happens belongs to the aborted job.
   */
  run(job: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.#pending) return this.#pending;
    const abort = (this.#abort = new AbortController());
    const pending = job(abort.signal).finally(() => {
      // An aborted job was let go already, and a newer one may be running.
      if (this.#pending === pending) this.#settle();
    });
    this.#pending = pending;
    this.#host.requestUpdate();
    return pending;
  }

  /** Cancels the job in flight, if any; its promise rejects with `reason`. */
  abort(reason: unknown): void {
    if (!this.#abort) return;
    this.#abort.abort(reason);
    this.#settle();
  }

  #settle(): void {
    this.#pending = null;
    this.#abort = null;
    this.#host.requestUpdate();
  }
}
