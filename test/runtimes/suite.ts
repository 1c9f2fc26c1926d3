/**
 * One suite of server-helper calls for every JavaScript backend: Node, Deno,
 * Bun and workerd (test/runtimes.test.ts bundles it with esbuild for a
 * neutral platform and runs it in each). It uses only what a merchant's
 * backend uses, the package's two entry points, against a real sandbox on
 * loopback, and returns what it saw as plain JSON with nothing random or
 * time-bound in it, so each runtime's answer can be compared with Node's
 * as a whole.
 */
import {
  basicAuthorization,
  BusinessError,
  canonicalString,
  computeSignature,
  contentHash,
  createCharge,
  createClient,
  createNonce,
  importSigningKey,
  isFinalTxnStatus,
  merchantOrderId,
  PayCardError,
  signRequest,
  TxnStatus,
  waitForTransfer,
  type Target,
} from '../../src/server/index.js';
import { tokenize } from '../../src/core.js';
import { runCheckoutSuite } from './checkout-suite.js';

/** The docs/signing.md vectors, as `src/server/signing.vectors.py` writes them. */
export interface SigningVectors {
  secret: string;
  clientId: string;
  timestamp: number;
  vectors: {
    name: string;
    input: { method: string; path: string; body: string; nonce: string; target: Target | null };
    contentHash: string;
    canonical: string;
    signature: string;
  }[];
}

/** What the host passes in: the sandbox's address and its public test credentials. */
export interface SuiteConfig {
  baseUrl: string;
  credential: { clientId: string; secret: string; kind: 'ACCOUNT' };
  publicKey: string;
  secretKey: string;
  card: { number: string; holderName: string; expirationMonth: string; expirationYear: string; cvv: string };
  signing: SigningVectors;
  /** The sandbox's admin token: the checkout step pays a Pix code and moves the clock with it. */
  adminToken: string;
}

export async function runSuite(config: SuiteConfig): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  const step = async (name: string, run: () => Promise<unknown>) => {
    try {
      results[name] = await run();
    } catch (error) {
      // A failure is a result too: the host shows it against Node's.
      results[name] = { threw: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  };

  await step('signing vectors', async () => {
    const { secret, clientId, timestamp } = config.signing;
    const key = await importSigningKey(secret);
    return Promise.all(
      config.signing.vectors.map(async ({ input }) => {
        const hash = await contentHash(input.body);
        const canonical = canonicalString({ ...input, clientId, timestamp: String(timestamp), contentHash: hash });
        const bytesHash = await contentHash(new TextEncoder().encode(input.body));
        return {
          contentHash: hash,
          sameHashFromBytes: bytesHash === hash,
          canonical,
          signature: await computeSignature(secret, canonical),
          signatureWithKey: await computeSignature(key, canonical),
          headers: await signRequest({ ...input, clientId, secret, timestamp }),
        };
      }),
    );
  });

  await step('random values', async () => ({
    nonce: /^[0-9a-f]{32}$/.test(createNonce()) && createNonce() !== createNonce(),
    merchantOrderId: /^[0-9]{6}[0-9A-Z]{18}$/.test(merchantOrderId()),
    basicAuthorization: basicAuthorization(config.secretKey),
  }));

  const client = createClient({ baseUrl: config.baseUrl, credential: config.credential, maxReadRetries: 0 });
  let txnId = '';
  await step('v3 create', async () => {
    const created = await client.transfers.pixBankAccount({ amount: '1.00', memo: 'runtime suite' });
    txnId = String(created?.txn_id);
    return { txn_status: created?.txn_status, fields: Object.keys(created ?? {}).sort() };
  });
  await step('v3 read', async () => {
    const status = await client.transfers.statusCheck({ txn_id: txnId });
    return { fields: Object.keys(status).sort(), known: Object.values(TxnStatus).includes(status.txn_status as never) };
  });
  await step('v3 business error', async () => {
    try {
      await client.transfers.statusCheck({ txn_id: 'txn_not_in_the_sandbox' });
      return 'no error';
    } catch (error) {
      const e = error as BusinessError;
      return { name: e.name, instance: error instanceof BusinessError, family: PayCardError.isPayCardError(error), code: e.code };
    }
  });
  await step('waitForTransfer', async () => {
    const seen: number[] = [];
    const final = await waitForTransfer(client, txnId, {
      initialDelayMs: 100,
      maxDelayMs: 400,
      deadlineMs: 30_000,
      onPoll: (status) => seen.push(status),
    });
    // How many polls it took depends on the machine; the order of the states does not.
    const order = [TxnStatus.PENDING, TxnStatus.PROCESSING, TxnStatus.COMPLETED] as number[];
    const ranks = seen.map((status) => order.indexOf(status));
    return {
      final: final.txn_status,
      isFinal: isFinalTxnStatus(final.txn_status),
      seenInLifecycleOrder: ranks.every((rank, i) => rank >= 0 && (i === 0 || rank >= ranks[i - 1]!)),
      lastSeen: seen.at(-1),
    };
  });

  let token = '';
  await step('tokenize', async () => {
    const result = await tokenize(config.card, { baseUrl: config.baseUrl, publicKey: config.publicKey });
    token = result.token;
    const { token: _token, ...rest } = result;
    return { ...rest, tokenIsText: typeof token === 'string' && token.length > 0 };
  });
  await step('charge', async () => {
    const charge = await createCharge(
      { baseUrl: config.baseUrl, secretKey: config.secretKey },
      {
        amount: 15990,
        payment_method: 'credit_card',
        customer: { name: 'Ana Silva', tax_id: '123.456.789-09' },
        items: [{ name: 'Curso', quantity: 1, unit_price: 15990, tangible: false }],
        payment_details: { token, installments: 3 },
      },
    );
    const customer = charge?.customer as { tax_id?: unknown } | undefined;
    return { fields: Object.keys(charge ?? {}).sort(), status: charge?.status, amount: charge?.amount, taxIdSent: customer?.tax_id };
  });
  // Last: it moves the sandbox's clock.
  await step('checkout', () => runCheckoutSuite(config));
  return results;
}
