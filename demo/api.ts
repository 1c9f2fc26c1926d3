/**
 * The demo's backend: a Vite plugin adding `POST /demo-api/<route>` to the
 * dev server. The routes play the merchant's server (demo/card-api.ts for the
 * bare card form, demo/pix-api.ts for the PIX page; the checkout page has
 * `checkoutHandler`, demo/checkout-api.ts), calling the sandbox with
 * the server helper and the sandbox's fixture credentials. The pages only
 * ever see what the routes answer: never a secret, a signature or a request
 * header.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { BusinessError, HttpStatusError, PayCardError, RequestValidationError } from '../src/server/index.js';
import type { Clock } from '../src/sandbox/clock.js';

/** What the routes need of the sandbox started next to the demo. */
export interface DemoSandbox {
  url: string;
  clock: Clock;
}

/** A route: the request's JSON object in, the answer's JSON out. */
export type Handler = (body: Record<string, unknown>) => Promise<unknown>;

/** Vite plugin: `plugins: [demoApi({ ...cardRoutes(sandbox), ...pixRoutes(sandbox) })]`. */
export function demoApi(routes: Record<string, Handler>): Plugin {
  return {
    name: 'pay-demo-api',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!;
        if (!path.startsWith('/demo-api/')) return next();
        void handle(routes, path.slice('/demo-api/'.length), req, res);
      });
    },
  };
}

/** What the page sent is unusable: answered 400 with this message. */
export class DemoInputError extends Error {}

export function text(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string') throw new DemoInputError(`${field} must be a string`);
  return value;
}

async function handle(routes: Record<string, Handler>, name: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const send = (status: number, payload: unknown) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(payload));
  };
  const route = Object.hasOwn(routes, name) ? routes[name] : undefined;
  if (req.method !== 'POST' || !route) return send(404, { error: 'NotFound', message: `No demo route ${req.method} /demo-api/${name}` });
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 16 * 1024) throw new DemoInputError('body too large');
      chunks.push(chunk as Buffer);
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new DemoInputError('send a JSON object');
    send(200, await route(body as Record<string, unknown>));
  } catch (error) {
    // The helper's errors never hold a secret; still, only name, code, field and message go out.
    if (error instanceof BusinessError) return send(422, { error: error.name, code: error.code, message: error.message });
    // Refused before anything was sent: the page's data breaks the charge's schema or the shop's own plan.
    if (error instanceof RequestValidationError) return send(422, { error: error.name, field: error.field, message: error.message });
    if (error instanceof HttpStatusError)
      return send(502, { error: error.name, status: error.status, code: error.code, reason: error.reason, message: error.message });
    if (PayCardError.isPayCardError(error)) return send(502, { error: error.name, message: error.message });
    if (error instanceof DemoInputError || error instanceof SyntaxError) return send(400, { error: 'BadRequest', message: error.message });
    // Only the error's name reaches the log: the message of an unexpected error is not ours to vouch for.
    console.error(`demo API /demo-api/${name} failed: ${error instanceof Error ? error.name : typeof error}`);
    send(500, { error: 'InternalError', message: 'The demo API failed; see the demo server log.' });
  }
}
