#!/usr/bin/env node
/**
 * `npx pay-card-form-sandbox` (or `npm run sandbox` in this repository):
 * starts the sandbox and prints its URL and test keys. PORT (default 4010)
 * and HOST (default 127.0.0.1) choose where it listens: HOST=0.0.0.0 puts
 * it on the local network too, for a phone on the same Wi-Fi, and prints
 * the network addresses to use as `base-url`.
 */
import { networkInterfaces } from 'node:os';
import { createSandbox, type Sandbox } from './sandbox.js';
import { describeFixtures } from './banner.js';
import { EVERY_INTERFACE, framingHosts, networkHosts } from './lan.js';
import { DEFAULT_FRAME_ANCESTORS } from './routes/frame.js';

const DEFAULT_PORT = 4010;

/** Ends the process with one line on stderr: a shopper-facing tool owes no stack trace for a setup mistake. */
function fail(message: string): never {
  console.error(`pay-card-form-sandbox: ${message}`);
  process.exit(1);
}

const portText = process.env.PORT ?? String(DEFAULT_PORT);
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) fail(`PORT must be a port number from 0 to 65535, not "${portText}".`);
const host = process.env.HOST ?? '127.0.0.1';
const everywhere = (EVERY_INTERFACE as readonly string[]).includes(host);
const interfaces = networkInterfaces();
const network = networkHosts(host, interfaces);
// On the local network: a shop page served on this machine's network address may frame the card form, as a local one
// may. IPv4 ones only: a source naming an IPv6 address is ignored by browsers, and createSandbox refuses it.
const framing = framingHosts(host, interfaces);
// Space-separated `frame-ancestors` sources: the pages that may embed the card frame.
const frameAncestors =
  process.env.SANDBOX_FRAME_ANCESTORS?.split(/\s+/).filter(Boolean) ??
  (framing.length ? [...DEFAULT_FRAME_ANCESTORS, ...framing.map((lan) => `http://${lan}:*`)] : undefined);

let sandbox: Sandbox;
try {
  sandbox = await createSandbox({ port, host, ...(frameAncestors ? { frameAncestors } : {}) });
} catch (error) {
  // The message names the option (`frameAncestors: …`); here the setting is what the user wrote.
  if (error instanceof TypeError) fail(`SANDBOX_FRAME_ANCESTORS: ${error.message.replace(/^frameAncestors: /, '')}`);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    fail(`port ${port} on ${host} is in use. Set PORT to a free port, e.g. PORT=${port + 1} npx pay-card-form-sandbox`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    fail(`cannot listen on host "${host}". Set HOST to an address of this machine, e.g. HOST=127.0.0.1`);
  if (code === 'EACCES') fail(`no permission to listen on port ${port}. Set PORT to a port above 1023, e.g. PORT=${DEFAULT_PORT}`);
  throw error;
}

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  sandbox.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`The sandbox did not close cleanly: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
};
// Before the banner: whoever reads it may stop the sandbox at once, and it still closes cleanly.
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// Listening everywhere, the sandbox's own URL names no address (0.0.0.0): this machine's loopback is the one to use here.
const here = everywhere ? `http://${host === '::' ? '[::1]' : '127.0.0.1'}:${sandbox.port}` : sandbox.url;
const beyondLoopback = everywhere || network.length > 0;
console.log(describeFixtures(here, beyondLoopback ? network.map((lan) => `http://${lan}:${sandbox.port}`) : null));
