/**
 * Every secret the sandbox knows, and a recorder of everything a page
 * downloads, so the browser tests can prove none of them reaches the browser.
 */
import type { Page } from 'playwright';
import { MERCHANTS } from '../src/sandbox/merchants.js';
import { V3_CREDENTIALS } from '../src/sandbox/v3/fixtures.js';

export const SANDBOX_SECRETS: readonly string[] = [...MERCHANTS.map((m) => m.secretKey), ...V3_CREDENTIALS.map((c) => c.secret)];

/** Starts keeping the body of every response the page receives; call the result to get them all. */
export function recordResponses(page: Page): () => Promise<{ url: string; body: string }[]> {
  const pending: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response) => {
    pending.push(
      response.text().then(
        (body) => ({ url: response.url(), body }),
        () => ({ url: response.url(), body: '' }),
      ),
    );
  });
  return () => Promise.all(pending);
}

/** Fails with the URL that carried a secret, never the secret itself. */
export function secretCarriers(responses: { url: string; body: string }[]): string[] {
  return responses.filter(({ body }) => SANDBOX_SECRETS.some((secret) => body.includes(secret))).map(({ url }) => url);
}
