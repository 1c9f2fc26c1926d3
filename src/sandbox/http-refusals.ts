/**
 * Requests refused before any route: by Node's HTTP parser, by HTTP/1.1's
 * rule that a request names its Host, by the Node adapter when it cannot
 * make a URL of the request line and Host, an `Expect` other than
 * `100-continue`, and CONNECT (a tunnel the sandbox does not open). Each
 * gets the §2.1 envelope with a `data.reason` and a message that says what
 * to send instead (docs/sandbox.md "Refused requests"). No message quotes
 * the request: the console's log keeps what was sent, redacted.
 *
 * A malformed request is code `malformed_request`, not 400, which §7.2 uses
 * for a stale merchant order date; a refusal with a status of its own (405,
 * 408, 413, 417, 431) carries that status as its code, as the front door's
 * 413 and 415 do.
 */
export interface HttpRefusal {
  status: 400 | 405 | 408 | 413 | 417 | 431;
  code: 'malformed_request' | 405 | 408 | 413 | 417 | 431;
  reason: string;
  message: string;
}

const HOST_EXAMPLE = `send the host and port of the sandbox's URL, e.g. "Host: 127.0.0.1:4010"`;

function malformed(reason: string, message: string): HttpRefusal {
  return { status: 400, code: 'malformed_request', reason, message };
}

/** The Host rule Node applies by default (RFC 9112 §3.2), answered here in the envelope. */
export const MISSING_HOST = malformed('missing_host', `An HTTP/1.1 request must carry a Host header: ${HOST_EXAMPLE}.`);

/** Node answers 100-continue itself, and refuses any other expectation. */
export const EXPECTATION_FAILED: HttpRefusal = {
  status: 417,
  code: 417,
  reason: 'expectation_failed',
  message: 'The sandbox meets no expectation but "Expect: 100-continue": send that, or no Expect header.',
};

export const NOT_A_PROXY: HttpRefusal = {
  status: 405,
  code: 405,
  reason: 'not_a_proxy',
  message:
    "CONNECT asks a proxy for a tunnel, and the sandbox is not a proxy: if a proxy setting (HTTPS_PROXY, HTTP_PROXY) names the sandbox's address, remove it and call the sandbox's URL directly.",
};

/** A refusal of the adapter's whose request is not known (see node-server.ts): what it checks, in one message. */
export const UNREADABLE_REQUEST = malformed(
  'malformed_request',
  `The sandbox could not make a URL of the request target and the Host header: send a path that starts with "/" (e.g. "POST /v1/tokens HTTP/1.1") and a Host header; ${HOST_EXAMPLE}.`,
);

/**
 * Why the Node adapter could not make a URL of a request Node had parsed,
 * read from the same two things it read: the request target and the Host
 * header. The adapter accepts an origin-form target (`/path`) with a Host
 * it can parse, or an absolute `http(s)://` target; what is left is one of
 * these.
 */
export function targetRefusal(target: string, host: string | undefined): HttpRefusal {
  if (target.startsWith('http://') || target.startsWith('https://')) {
    return malformed(
      'invalid_absolute_target',
      'The request target is an absolute URL the sandbox cannot read: send the path alone (e.g. "POST /v3/transfers/status/check HTTP/1.1") with the host in the Host header.',
    );
  }
  if (!host) return malformed('missing_host', `The request has no Host header: ${HOST_EXAMPLE}.`);
  if (target === '*') {
    return malformed(
      'asterisk_target',
      'The request target "*" (as in "OPTIONS * HTTP/1.1") asks about the server as a whole, which the sandbox does not answer: send the path of a route, e.g. "OPTIONS /v1/tokens" for a CORS preflight.',
    );
  }
  if (!target.startsWith('/')) {
    return malformed(
      'unsupported_target',
      'The request target must be a path that starts with "/" (e.g. "/v1/tokens"), or an absolute http:// URL.',
    );
  }
  const query = target.indexOf('?');
  const backslash = target.indexOf('\\');
  if (backslash >= 0 && (query < 0 || backslash < query)) {
    return malformed(
      'backslash_in_path',
      'The path holds a backslash ("\\"): separate its segments with "/", and send a backslash that is data as "%5C".',
    );
  }
  return malformed('invalid_host', `The Host header is not a host name or IP address with an optional port: ${HOST_EXAMPLE}.`);
}

/** A message with what Node's parser said after it, so the console shows the exact rule that failed. */
function withParserWords(message: string, error: Error): string {
  const said = error.message.replace(/^Parse Error: /, '');
  return said ? `${message} Node's HTTP parser said: "${said}".` : message;
}

/** The first byte of a TLS handshake record: an https:// URL pointed at the sandbox's plain HTTP port. */
const TLS_HANDSHAKE = 0x16;

/**
 * A refusal of Node's HTTP parser (the server's `clientError`), by its
 * error code. Statuses are Node's own for the same error: 431 for oversized
 * headers, 413 for oversized chunk extensions, 408 for a request that did
 * not arrive in time, 400 otherwise.
 */
export function parserRefusal(error: Error & { code?: string; rawPacket?: Buffer }, maxHeaderBytes: number): HttpRefusal {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 431,
        reason: 'headers_too_large',
        message: `The request line and headers are over ${Math.floor(maxHeaderBytes / 1024)} KiB, the most the sandbox reads: send fewer or shorter headers (large cookies are the usual cause).`,
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        status: 413,
        code: 413,
        reason: 'chunk_extensions_too_large',
        message:
          'The chunked body carries chunk extensions too long to read: send each chunk as its size in hexadecimal, CRLF, the data and CRLF, with no extensions.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: 408,
        reason: 'request_timeout',
        message:
          'The request did not arrive in time: send the headers and the whole body at once, and check that Content-Length counts the bytes of the body.',
      };
    case 'HPE_INVALID_METHOD':
      return error.rawPacket?.[0] === TLS_HANDSHAKE
        ? malformed(
            'tls_to_http',
            "This is an HTTPS (TLS) connection to the sandbox's plain HTTP port: use an http:// base URL, as the sandbox prints it at start.",
          )
        : malformed(
            'invalid_method',
            withParserWords(
              `The request line does not start with an HTTP method in capitals: send "METHOD /path HTTP/1.1", e.g. "POST /v3/transfers/status/check HTTP/1.1".`,
              error,
            ),
          );
    case 'HPE_PAUSED_H2_UPGRADE':
      return malformed(
        'http2_not_supported',
        'This is HTTP/2 sent without an upgrade: the sandbox speaks HTTP/1.1, so send HTTP/1.1 (e.g. "curl --http1.1").',
      );
    case 'HPE_INVALID_URL':
      return malformed(
        'invalid_target',
        withParserWords(
          `The request target is not a path: send one that starts with "/" (e.g. "/v1/tokens"), with spaces and other reserved characters percent-encoded ("%20").`,
          error,
        ),
      );
    case 'HPE_INVALID_VERSION':
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_STRICT':
    case 'HPE_CR_EXPECTED':
    case 'HPE_LF_EXPECTED':
      return malformed(
        'invalid_request_line',
        withParserWords(
          `The request line must be the method, one space, the path (spaces percent-encoded as "%20"), one space and "HTTP/1.1", and every line must end with CRLF ("\\r\\n").`,
          error,
        ),
      );
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_UNEXPECTED_SPACE':
      return malformed(
        'invalid_header',
        withParserWords(
          `A header is not a "Name: value" line: a name has no spaces and no space before its colon, and a value no line breaks or control characters.`,
          error,
        ),
      );
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return malformed(
        'invalid_content_length',
        withParserWords(`Content-Length must be the number of bytes of the body, in digits, sent once.`, error),
      );
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_INVALID_CHUNK_SIZE':
      return malformed(
        'invalid_transfer_encoding',
        withParserWords(
          `Transfer-Encoding must end with "chunked" and never come with Content-Length, and each chunk must be its size in hexadecimal, CRLF, the data and CRLF, ending with a chunk of size 0.`,
          error,
        ),
      );
    default:
      return malformed(
        'malformed_request',
        withParserWords(
          `The request is not valid HTTP/1.1: send "METHOD /path HTTP/1.1", then headers as "Name: value" lines, each ending with CRLF, an empty line and the body.`,
          error,
        ),
      );
  }
}
