/**
 * Why a frame said nothing, found out after the host has given up on it, so
 * the page hears a cause and a fix rather than "could not be loaded". A frame
 * of another origin cannot be read, and the browser shows an error page in
 * it alike whether nothing answered or the service refused to be framed; so
 * the host asks the frame's address itself (docs/tokenization.md#when-the-frame-cannot-show-the-form):
 *
 * 1. a CORS `GET`: the service answers it with {@link FRAME_ANCESTORS_HEADER},
 *    which says whether this page's origin may frame it. An answer without
 *    it, or none readable, is not the service's frame;
 * 2. when that cannot be read, a `no-cors` `GET`, which the browser lets
 *    through to any server and rejects only when nothing answers.
 *
 * When nothing answered, the page cannot read why (the browser's console can,
 * a script cannot): it compares the frame's address with its own. A frame
 * more private than the page (a page on the local network or the internet, a
 * frame on loopback or the local network) is one the browser blocks (Local
 * Network Access), or, on a phone, a loopback address that names the phone.
 */
import type { FRAME_ANCESTORS_HEADER, FRAME_PATH } from '../channel/protocol.js';
import type { addressSpace, morePrivate } from '../shared/address-space.js';
import type { FrameError, FrameFailure } from '../shared/errors.js';

/**
 * What the diagnosis uses of the page's own code, handed over by the host
 * rather than imported: this module loads on demand, and a module it shared
 * with the page's script would be split off that script into a file of its
 * own, one more for every page to load.
 */
export interface PageCode {
  addressSpace: typeof addressSpace;
  morePrivate: typeof morePrivate;
  FrameError: typeof FrameError;
}

/** The protocol's names, checked against it by the compiler (a value import would share its module with the page). */
const HEADER: typeof FRAME_ANCESTORS_HEADER = 'pay-frame-ancestors';
const PATH: typeof FRAME_PATH = 'frame/v1/card.html';

/** The cause of a round's failure: a frame that said hello and did not start, or what the probe finds. */
export async function diagnose(started: boolean, url: string, signal: AbortSignal, page: PageCode): Promise<FrameError> {
  return started ? frameError('not-started', url, page) : probeFrame(url, signal, page);
}

/**
 * The cause of the failure of the frame at `url` (which said nothing), as the
 * probe finds it. `signal` ends both requests: the host gives the probe and
 * the loading of this module 4 s together, so the page hears the cause at
 * most that long after it gives up.
 */
export async function probeFrame(url: string, signal: AbortSignal, page: PageCode): Promise<FrameError> {
  // No cookies, no referrer: the probe asks what the frame's own request would get, and says no more.
  const init: RequestInit = {
    signal,
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  };
  let policy: string | null = null;
  try {
    policy = (await fetch(url, init)).headers.get(HEADER);
  } catch {
    // Nothing answered, or the answer is not readable from here (not the service): an opaque request tells which.
    const answered = await fetch(url, { ...init, mode: 'no-cors' }).then(
      () => true,
      () => false,
    );
    if (!answered) return frameError(frameMorePrivate(url, page) ? 'local-network' : 'unreachable', url, page);
  }
  // The service's frame, which lets this page frame it, and yet it never said hello: it did not start.
  if (policy?.startsWith('allowed')) return frameError('not-started', url, page);
  return policy?.startsWith('refused')
    ? frameError('refused', url, page, policy.includes('SANDBOX_FRAME_ANCESTORS'))
    : frameError('not-the-frame', url, page);
}

/**
 * Whether the frame at `url` is on a more private address than this page:
 * one the browser would not let it load. A page under a name DNS places
 * counts as on the internet (most are); a frame under one, as nowhere.
 */
export function frameMorePrivate(url: string, { addressSpace, morePrivate }: PageCode): boolean {
  const frame = addressSpace(new URL(url).hostname);
  return !!frame && morePrivate(frame, addressSpace(location.hostname) ?? 'public');
}

/** The error for `reason`, with what to change; `sandbox` says the refusal is the sandbox's; `page`, the origin of the page that framed it. */
export function frameError(
  reason: FrameFailure,
  url: string,
  { addressSpace, FrameError }: PageCode,
  sandbox = false,
  page = location.origin,
): FrameError {
  const { origin: service, hostname } = new URL(url);
  // No CSP source can name an IPv6 address: listing such a page's origin cannot help.
  const ipv6 = new URL(page).hostname.startsWith('[');
  const why: Record<FrameFailure, string> = {
    unreachable: `nothing answers at ${url}. Check base-url (or frame-url): it must be the tokenization service's address, and the service must be running.`,
    'not-the-frame': `${url} answers, but not with the card form. Check base-url (or frame-url): it must be the tokenization service's base address, which serves the form at ${PATH}.`,
    refused: ipv6
      ? `the ${sandbox ? 'sandbox' : 'tokenization service'} at ${service} does not let pages of ${page} frame it, and no CSP source can name an IPv6 address. Open the page under a host name${sandbox ? ' (localhost on this machine) or an IPv4 address, listed in SANDBOX_FRAME_ANCESTORS' : ", one of your key's registered origins"}.`
      : sandbox
        ? `the sandbox at ${service} does not let pages of ${page} frame it. Add ${page} to SANDBOX_FRAME_ANCESTORS (or createSandbox({ frameAncestors })).`
        : `the tokenization service at ${service} does not let pages of ${page} frame it. Add ${page} to the service's frame-ancestors configuration: the origins registered for your key.`,
    'not-started': `the card form at ${url} answered, but did not finish starting. Try again (el.retry()); if it fails again, check that the service hosts the frame of this version of pay-card-form, and the frame's console.`,
    'local-network':
      `this page, at ${page}, got no answer from ${url}, an address more private than the page's: browsers block such a frame` +
      `${addressSpace(hostname) === 'loopback' ? `, and on a phone ${service} is the phone` : ''}. Open the page at localhost on the machine that runs the service; ` +
      `or, for a phone, run the sandbox with HOST=0.0.0.0 and set base-url to the network address it prints, with a pk_test_ key.`,
  };
  return new FrameError(`<pay-card-form> cannot show its secure card form: ${why[reason]}`, { reason, url });
}
