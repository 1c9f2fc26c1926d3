/**
 * `pay-card-form/server`: the merchant-backend helper for any runtime with
 * `fetch` and Web Crypto (Node ≥ 20, Deno, Bun, Cloudflare Workers, Vercel
 * Edge; docs/server.md). Signed v3
 * calls, typed per operation, charges with Basic auth, and the helpers that
 * keep money safe: order IDs, amount conversion, and waiting for settlement.
 */
export { createClient, PayClient, type ClientOptions, type Credential } from './client.js';
export type {
  CallOptions,
  Method,
  Resource,
  Resources,
  Transfers,
  Refunds,
  PixKeys,
  QrCodes,
  Med,
  Infractions,
  MasterAccounts,
  ManagedAccounts,
} from './resources.js';
export {
  signRequest,
  canonicalString,
  contentHash,
  computeSignature,
  importSigningKey,
  createNonce,
  TIMESTAMP_TOLERANCE_MS,
  NONCE_RETENTION_MS,
  SignatureHeader,
  type Target,
  type SignRequestInput,
  type SignedHeaders,
  type SigningKey,
} from './signing.js';
export { createCharge, basicAuthorization, type ChargeOptions } from './charges.js';
export { checkInstallmentPlan, type InstallmentPlanCheck } from './installment-plan.js';
export { installmentOptions, InstallmentConfigError, type InstallmentConfig, type InstallmentOption } from '../card/installments.js';
export { parseTaxId, type TaxId } from '../document/tax-id.js';
export { merchantOrderId, isOrderIdDateCurrent, hasOrderIdDatePrefix } from './order-id.js';
export { centsToAmount, amountToCents, isValidAmount, MAX_AMOUNT } from './amount.js';
export { waitForTransfer, waitForRefund, waitForQrPayment, type WaitOptions } from './wait.js';
export { shouldRetry, backoffDelay } from './retry.js';
export {
  TxnStatus,
  PixKeyType,
  ManagedAccountModel,
  ComplianceMode,
  AccountStatus,
  CredentialKind,
  isFinalTxnStatus,
  QrCodeStatus,
  isFinalQrCodeStatus,
} from './enums.js';
export { PayCardError, ConfigurationError, NetworkError, TimeoutError } from '../shared/errors.js';
export {
  RequestValidationError,
  InstallmentPlanError,
  CredentialPolicyError,
  RequestAbortedError,
  HttpStatusError,
  SignatureRejectedError,
  PermissionDeniedError,
  MalformedResponseError,
  ChargeOutcomeUnknownError,
  BusinessError,
  WaitTimeoutError,
  type ValidationIssue,
} from './errors.js';
export { credentialPolicyViolation, type RouteGroup, type Operation } from './policy.js';
export * from './schemas/common.js';
export * from './schemas/transfers.js';
export * from './schemas/refunds.js';
export * from './schemas/pix-keys.js';
export * from './schemas/qr-codes.js';
export * from './schemas/med.js';
export * from './schemas/master-accounts.js';
export * from './schemas/managed-accounts.js';
export * from './schemas/operations.js';
export { Envelope } from './schemas/envelope.js';
export { ChargeCustomer, ChargeItem, ChargeRequest, ChargeResponse, CHARGES_PATH } from './schemas/charges.js';
export { checkoutHandler, type CheckoutHandler } from './checkout/handler.js';
export {
  type CheckoutHandlerOptions,
  type CheckoutOrder,
  type CheckoutPayment,
  type CheckoutFailure,
  type InstallmentPolicy,
} from './checkout/options.js';
export { toNodeHandler, type NodeRequestLike, type NodeResponseLike } from './checkout/node-adapter.js';
export * from '../shared/checkout-protocol.js';
export type { PixStatus, PixStatusAnswer } from '../pix/pix-status.js';
