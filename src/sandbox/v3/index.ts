/**
 * The v3 fixtures: the accounts, credentials, keys, QR payloads and
 * settlements every sandbox starts with, for demos and tests.
 */
export {
  V3_ACCOUNTS,
  V3_CREDENTIALS,
  V3_PIX_KEYS,
  V3_QR_PAYLOADS,
  V3_SETTLEMENTS,
  V3_MASTER_ACCOUNTS,
  V3_MANAGED_ACCOUNTS,
  SANDBOX_FAIL,
  v3Credential,
  v3CredentialById,
  describeV3Fixtures,
} from './fixtures.js';
