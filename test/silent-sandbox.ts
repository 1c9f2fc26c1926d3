/**
 * A sandbox whose tokenize call never answers: the card form stays busy for as
 * long as a test or a screenshot needs. Everything else is the real sandbox,
 * the card frame included, so it holds either mode busy (isolated mode
 * tokenizes with the origin its frame comes from). Under `/drop` (the base
 * address `{url}/drop`) the same sandbox cuts every tokenize connection
 * instead: a network failure. Under `/elsewhere/{site}` it is another site: an
 * HTML page where the frame should be, and a count of the frames that loaded it.
 */
import { serve, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createSandboxApp } from '../src/sandbox/sandbox.js';
import { TOKENS_PATH } from '../src/tokenize/wire.js';
import { FRAME_PATH } from '../src/channel/protocol.js';

export interface SilentSandbox {
  url: string;
  /** The base address whose tokenize call fails with a cut connection. */
  droppingUrl: string;
  /** A base address where some other site answers, not the service: `site` tells its frame loads apart. */
  elsewhereUrl(site: string): string;
  /** How many frames (not fetches) have loaded the page at `elsewhereUrl(site)`'s frame address. */
  frameLoads(site: string): number;
  close(): Promise<void>;
}

export function startSilentSandbox(): Promise<SilentSandbox> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  // Takes the request (after the real CORS preflight) and never replies.
  app.post(TOKENS_PATH, () => new Promise<Response>(() => {}));
  app.post(`/drop${TOKENS_PATH}`, (c) => {
    c.env.incoming.socket.destroy();
    return new Promise<Response>(() => {});
  });
  const loads = new Map<string, number>();
  app.get(`/elsewhere/:site/${FRAME_PATH}`, (c) => {
    const site = c.req.param('site');
    if (c.req.header('sec-fetch-dest') === 'iframe') loads.set(site, (loads.get(site) ?? 0) + 1);
    return c.html('<!doctype html><title>Some other site</title><p>Not the card form.</p>');
  });
  const sandbox = createSandboxApp().app;
  app.route('/drop', sandbox);
  app.route('/', sandbox);
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        droppingUrl: `http://127.0.0.1:${info.port}/drop`,
        elsewhereUrl: (site) => `http://127.0.0.1:${info.port}/elsewhere/${encodeURIComponent(site)}`,
        frameLoads: (site) => loads.get(site) ?? 0,
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
