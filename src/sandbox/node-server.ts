import { createServer, maxHeaderSize, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener, RequestError } from '@hono/node-server';
import type { Hono } from 'hono';
import type { SandboxContext } from './context.js';
import { logEarlyRefusal } from './console/request-log.js';
import { envelopeText } from './reply.js';
import {
  EXPECTATION_FAILED,
  MISSING_HOST,
  NOT_A_PROXY,
  parserRefusal,
  targetRefusal,
  UNREADABLE_REQUEST,
  type HttpRefusal,
} from './http-refusals.js';

/**
 * The sandbox's HTTP server: the app behind the Hono Node adapter, and an
 * answer in the envelope, logged for the console, for every request refused
 * before the app runs. Node's parser refuses some (`clientError`), Node's
 * Host rule and its `Expect` check others, the adapter those it cannot make
 * a URL of, and Node hands CONNECT to a listener of its own; left to them,
 * each would get a bare status line or no answer at all.
 */
export function createNodeServer(app: Hono, context: SandboxContext, hostname: string): Server {
  // Node's own Host rule answers a bare 400 before any listener runs: the same rule is applied below instead.
  const server = createServer({ requireHostHeader: false });
  // The adapter's error hook receives the error alone. It calls it before its listener's first await, so
  // the request the listener below is handing over is the one refused; any later call finds none.
  let handing: IncomingMessage | undefined;
  const listener = getRequestListener(app.fetch, {
    // What `serve` passes: a request without Host (HTTP/1.0 allows it) is served as if it named the sandbox.
    hostname,
    errorHandler: (error) => {
      const incoming = handing;
      handing = undefined;
      if (!(error instanceof RequestError)) {
        // Never echo the request: it may hold card data.
        console.error(`sandbox: internal error: ${error instanceof Error ? error.name : typeof error}`);
        const text = envelopeText(context.clock.now(), 500, null, 'Internal sandbox error.');
        return new Response(text, { status: 500, headers: answerHeaders(text) });
      }
      const refusal = incoming ? targetRefusal(incoming.url ?? '', incoming.headers.host) : UNREADABLE_REQUEST;
      const text = loggedRefusal(context, incoming ?? null, refusal);
      return new Response(text, { status: refusal.status, headers: answerHeaders(text) });
    },
  });

  server.on('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (lacksHost(incoming)) return answer(context, outgoing, incoming, MISSING_HOST);
    handing = incoming;
    void listener(incoming, outgoing);
    handing = undefined;
  });

  // Without a listener Node answers any Expect but 100-continue with a bare 417.
  server.on('checkExpectation', (incoming: IncomingMessage, outgoing: ServerResponse) =>
    answer(context, outgoing, incoming, lacksHost(incoming) ? MISSING_HOST : EXPECTATION_FAILED),
  );

  server.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    // Node's own care before it writes a refusal: never into an answer already under way on this
    // connection, which Node keeps on the socket under a name it does not document.
    // eslint-disable-next-line @typescript-eslint/naming-convention
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) return socket.destroy();
    const refusal = parserRefusal(error, maxHeaderSize);
    socket.end(rawAnswer(refusal.status, loggedRefusal(context, null, refusal)));
  });

  // Without a listener Node closes a CONNECT without a word.
  server.on('connect', (incoming: IncomingMessage, socket: Duplex) => {
    // Node leaves a CONNECT's socket without an error listener: a reset would otherwise end the process.
    socket.on('error', () => socket.destroy());
    socket.end(rawAnswer(NOT_A_PROXY.status, loggedRefusal(context, incoming, NOT_A_PROXY)));
  });

  return server;
}

/** Node's Host rule, in its order: before the Expect check, for HTTP/1.1 alone (HTTP/1.0 has no Host rule). */
function lacksHost(incoming: IncomingMessage): boolean {
  return incoming.httpVersionMinor === 1 && incoming.httpVersionMajor === 1 && incoming.headers.host === undefined;
}

/** The refusal's answer in the envelope, logged for the console as it goes out. */
function loggedRefusal(context: SandboxContext, incoming: IncomingMessage | null, refusal: HttpRefusal): string {
  const text = envelopeText(context.clock.now(), refusal.code, { reason: refusal.reason }, refusal.message);
  logEarlyRefusal(context, context.log, incoming, { ...refusal, text });
  return text;
}

/** Closed after the answer: a client that sent a malformed request may not frame the next one either. */
function answerHeaders(text: string): Record<string, string> {
  return { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), Connection: 'close' };
}

function answer(context: SandboxContext, outgoing: ServerResponse, incoming: IncomingMessage, refusal: HttpRefusal): void {
  const text = loggedRefusal(context, incoming, refusal);
  outgoing.writeHead(refusal.status, answerHeaders(text)).end(text);
}

/** An answer written straight to the socket, where Node has no response object to write it with. */
function rawAnswer(status: number, text: string): string {
  const head = Object.entries(answerHeaders(text))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${text}`;
}
