import type { Context } from 'hono';
import { credentialPolicyViolation, type Operation } from '../../server/policy.js';
import type { Target } from '../../server/signing.js';
import type { SandboxContext } from '../context.js';
import { reply } from '../reply.js';
import { V3_ACCOUNTS, V3_CREDENTIALS, type V3AccountFixture, type V3CredentialFixture } from './fixtures.js';
import { SigningKeyCache, verifySignedRequest } from './signature-verifier.js';
import { isTraced, noteRefusal } from '../console/trace.js';
import { explainSignatureRefusal } from '../console/explain.js';
import { v3State } from './state.js';

/**
 * §7.2: the business code some routes answer when no account context can be
 * resolved (a USER credential without the target pair, or an ACCOUNT
 * credential whose account is gone). HTTP 200, null data. Other account
 * routes answer HTTP 403 (`target_required` / `account_context_missing`).
 */
const MISSING_CONTEXT_CODES: Readonly<Record<string, number>> = {
  'transfers.statusCheck': 4003008,
  'pixKeys.create': 500,
};

/**
 * The sandbox's gate for every v3 route: signature (§5.2, `signature-verifier.ts`),
 * then the §5.3 credential policy and account selection.
 *
 * Our mapping (§7.4 leaves it open), always in the §2.1 envelope:
 * - HTTP 401, code 401: signature headers rejected; `data.reason` is one of
 *   missing_header, malformed_header, target_pair_incomplete, unknown_client,
 *   timestamp_out_of_window, content_hash_mismatch, signature_mismatch, nonce_replayed.
 * - HTTP 403, code 403: credential not allowed; `data.reason` is one of
 *   credential_not_allowed, target_headers_rejected, target_required,
 *   target_mismatch, account_not_accessible, account_context_missing.
 * - Except: no account context on status check (4003008) and PIX key create
 *   (500) is the business code §7.2 shows, in an HTTP 200 envelope.
 */
export interface Authenticated {
  credential: V3CredentialFixture;
  /** The selected account on account routes; null elsewhere. */
  account: V3AccountFixture | null;
  /** Raw body bytes, exactly as signed. */
  raw: Uint8Array;
}

/** Each sandbox's imported HMAC keys, one per credential (signature-verifier.ts). */
const signingKeys = new WeakMap<SandboxContext, SigningKeyCache>();

function signingKeysOf(ctx: SandboxContext): SigningKeyCache {
  let keys = signingKeys.get(ctx);
  if (!keys) signingKeys.set(ctx, (keys = new SigningKeyCache()));
  return keys;
}

export async function authenticate(c: Context, ctx: SandboxContext, op: Operation, raw: Uint8Array): Promise<Authenticated | Response> {
  const now = ctx.clock.now();
  const path = requestTarget(c);
  // Bound rather than wrapped in a new arrow: the same reader, made without a closure per request.
  const header: (name: string) => string | undefined = c.req.header.bind(c.req);
  const verdict = await verifySignedRequest({
    method: c.req.method,
    path,
    header,
    body: raw,
    now,
    secretFor,
    nonces: v3State(ctx).nonces,
    keys: signingKeysOf(ctx),
  });
  if (!verdict.ok) {
    // The console's explanation (docs/sandbox.md): what the sandbox computed, for the developer to compare.
    if (isTraced(c)) noteRefusal(c, await explainSignatureRefusal({ ...verdict, method: c.req.method, path, header, body: raw }));
    return reply(c, now, 401, { reason: verdict.reason }, verdict.message, 401);
  }

  const credential = V3_CREDENTIALS.find((cred) => cred.clientId === verdict.clientId)!;
  const violation = credentialPolicyViolation(op.group, credential.kind, verdict.target !== null);
  const contextMissing =
    op.group === 'account' &&
    ((credential.kind === 'USER' && verdict.target === null) || (credential.kind === 'ACCOUNT' && !credential.accountId));
  const missingCode = MISSING_CONTEXT_CODES[op.name];
  if (contextMissing && missingCode !== undefined) {
    noteRefusal(c, {
      kind: 'policy',
      rule: '§5.3: an account route needs an account context (§7.2 shows this business code for it)',
      reason: 'account_context_missing',
    });
    return reply(
      c,
      now,
      missingCode,
      null,
      'No account context: select the account (X-ISPB + X-Account-Number) or use a credential bound to an open account.',
    );
  }
  if (violation) {
    const reason =
      op.group === 'managed' && verdict.target
        ? 'target_headers_rejected'
        : op.group === 'account' && credential.kind === 'USER'
          ? 'target_required'
          : 'credential_not_allowed';
    return deny(c, now, reason, `${violation}.`);
  }
  if (op.group !== 'account') return { credential, account: null, raw };

  const account = selectAccount(credential, verdict.target);
  if ('reason' in account) return deny(c, now, account.reason, account.message);
  return { credential, account, raw };
}

function secretFor(clientId: string): string | undefined {
  return V3_CREDENTIALS.find((cred) => cred.clientId === clientId)?.secret;
}

/** A refusal of the §5.3 policy: HTTP 403, its reason in the envelope and, for the console, the rule. */
function deny(c: Context, now: number, reason: string, message: string): Response {
  noteRefusal(c, { kind: 'policy', rule: message, reason });
  return reply(c, now, 403, { reason }, message, 403);
}

/**
 * The request target exactly as sent on the request line (docs/signing.md):
 * never the URL after parsing, which percent-encodes `'` and `"` in a query,
 * resolves dot segments and drops an empty `?`. In-process use through
 * `app.fetch` has no request line; the URL's own text stands in for it.
 */
function requestTarget(c: Context): string {
  const sent = (c.env as { incoming?: { url?: unknown } } | undefined)?.incoming?.url;
  if (typeof sent === 'string') return sent;
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
}

function selectAccount(credential: V3CredentialFixture, target: Target | null): V3AccountFixture | { reason: string; message: string } {
  if (credential.kind === 'ACCOUNT') {
    const bound = V3_ACCOUNTS.find((a) => a.id === credential.accountId);
    if (!bound)
      return { reason: 'account_context_missing', message: 'This ACCOUNT credential is not bound to an open account: no account context.' };
    // §5.3: an ACCOUNT credential may omit the pair; if sent, it must name the bound account.
    if (target && !names(target, bound))
      return {
        reason: 'target_mismatch',
        message: 'X-ISPB / X-Account-Number do not match the account this credential is bound to (§5.3).',
      };
    return bound;
  }
  const selected = V3_ACCOUNTS.find((a) => names(target, a) && credential.accountIds?.includes(a.id));
  if (!selected)
    return { reason: 'account_not_accessible', message: 'This user cannot act on the account named by X-ISPB / X-Account-Number.' };
  return selected;
}

/** Whether the target pair names this account. */
function names(target: Target | null, account: V3AccountFixture): boolean {
  return target !== null && account.ispb === target.ispb && account.accountNumber === target.accountNumber;
}
