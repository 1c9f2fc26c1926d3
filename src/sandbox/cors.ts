import type { Hono } from 'hono';

/**
 * Open CORS for one path, as plain headers: card entry runs on the merchant's
 * page, on any origin, and the public key says who the merchant is. A
 * preflight (`OPTIONS` with `Access-Control-Request-Method`) gets 204 and the
 * allowed method and headers; the route's own answers carry
 * `Access-Control-Allow-Origin: *` through {@link allowAnyOrigin}. No
 * credentials (cookies) are ever allowed. Written by hand rather than with
 * `hono/cors`, which rewrites every response and costs most of a request's time.
 */
export function openPreflight(app: Hono, path: string, methods: readonly string[], headers: readonly string[]): void {
  app.options(path, (c) => {
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Access-Control-Allow-Methods', methods.join(', '));
    c.header('Access-Control-Allow-Headers', headers.join(', '));
    c.header('Access-Control-Max-Age', '600');
    return c.body(null, 204);
  });
}

/** Marks the response being built as readable by any origin. */
export function allowAnyOrigin(c: { header(name: string, value: string): void }): void {
  c.header('Access-Control-Allow-Origin', '*');
}
