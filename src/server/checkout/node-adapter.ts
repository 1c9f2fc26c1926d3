/**
 * `node:http` and Express take `(req, res)`, not a `Request`. This adapter
 * turns one into the other, with the types described by their shape only:
 * the server entry imports no `node:` module, so it still loads in a Worker.
 */

/** What the adapter reads of a `node:http` `IncomingMessage` (or an Express `req`). */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** True once the body has been read to its end: by a body parser mounted before this handler, if it is so at the start. */
  readableEnded?: boolean | undefined;
}

/** What the adapter writes of a `node:http` `ServerResponse` (or an Express `res`). */
export interface NodeResponseLike {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(chunk?: Uint8Array): unknown;
}

/**
 * Adapts a web-standard handler (such as `checkoutHandler`'s) to
 * `(req, res)`, for `http.createServer` or Express:
 *
 * ```ts
 * createServer(toNodeHandler(checkout)).listen(3000);
 * app.use('/api/checkout', toNodeHandler(checkout)); // before express.json(), which would read the body first
 * ```
 *
 * The body is streamed to the handler as it arrives, so a body over the
 * handler's limit is not read to its end; the connection is then closed
 * after the answer.
 */
export function toNodeHandler(
  handler: (request: Request) => Promise<Response>,
): (req: NodeRequestLike, res: NodeResponseLike) => Promise<void> {
  return async (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      // Only the path and query matter to the handler; the host is not trusted for anything.
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      res.statusCode = 400;
      res.end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      // HTTP/2 pseudo-headers (":path") are not headers to a Request.
      if (value === undefined || name.startsWith(':')) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const body = new RequestBody(req);
    const hasBody = method !== 'GET' && method !== 'HEAD';
    let request: Request;
    try {
      request = new Request(url, {
        method,
        headers,
        ...(hasBody ? { body: body.stream, duplex: 'half' } : {}),
      } as RequestInit);
    } catch {
      // node:http takes methods a Request refuses (TRACE): answered here, as the promise is often not awaited and a rejection would end the process.
      res.statusCode = 400;
      res.setHeader('connection', 'close');
      res.end();
      return;
    }
    // A body parser mounted first (express.json()) has read the body: passed on as a body already used, which
    // the handler reports with the fix, rather than as an empty body it would call invalid JSON.
    if (hasBody && req.readableEnded) await request.arrayBuffer().catch(() => {});
    const response = await handler(request);
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    if (hasBody && !body.finished) res.setHeader('connection', 'close');
    res.end(new Uint8Array(await response.arrayBuffer()));
  };
}

/** The request's body as a web stream, pulled only as the handler reads. */
class RequestBody {
  finished = false;
  readonly stream: ReadableStream<Uint8Array>;

  constructor(source: AsyncIterable<Uint8Array | string>) {
    const iterator = source[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    this.stream = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        const { value, done } = await iterator.next();
        if (done) {
          this.finished = true;
          controller.close();
        } else {
          controller.enqueue(
            typeof value === 'string' ? encoder.encode(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
          );
        }
      },
      // Left unread rather than destroyed: destroying a Node request closes its socket before the answer is written.
    });
  }
}
