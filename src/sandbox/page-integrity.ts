/**
 * What a page's headers say of its content, worked out once per content:
 * the `Content-Security-Policy` sources that allow its inline scripts (the
 * frame's script is inline in card.html, so no `'unsafe-inline'` is needed)
 * and an `ETag`, so a browser holding the page revalidates it with a 304
 * instead of fetching it whole.
 */
import { createHash } from 'node:crypto';

export interface PageIntegrity {
  /** `'sha256-…'` for each inline script, in the order they appear. */
  scriptSources: string[];
  /** A weak validator: the page's text is the same whatever encoding carries it, its bytes are not. */
  etag: string;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

let last: { page: string; integrity: PageIntegrity } | null = null;

/** The inline scripts' hash sources and the ETag of `page`; the last page's are kept, as a rebuild shows at once. */
export function pageIntegrity(page: string): PageIntegrity {
  if (last?.page === page) return last.integrity;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');
  const integrity = {
    scriptSources: [...page.matchAll(INLINE_SCRIPT)].map(([, script]) => `'sha256-${sha256(script!)}'`),
    etag: `W/"${sha256(page)}"`,
  };
  last = { page, integrity };
  return integrity;
}
