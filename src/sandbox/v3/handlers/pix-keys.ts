import { randomUUID } from 'node:crypto';
import { PixKeyType } from '../../../server/enums.js';
import type { PixKeyOperations } from '../../../server/schemas/pix-keys.js';
import { brCodeName } from '../../../pix/br-code.js';
import { fail, type HandlerGroup } from '../route.js';

/** PIX key `status` values are not shown (§2.12); the sandbox's new keys answer 1 (active). */
export const PIX_KEY_STATUS_ACTIVE = 1;

/**
 * What the sandbox's key directory accepts per type. The directory is
 * authoritative (§4.4), so these checks live here and not in the client's
 * schema; a rejection is one of the "mapped PIX-key errors" (501, §7.2).
 */
const KEY_FORMS: Record<number, RegExp> = {
  [PixKeyType.CPF]: /^[0-9]{3}\.?[0-9]{3}\.?[0-9]{3}-?[0-9]{2}$/,
  [PixKeyType.CNPJ]: /^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?[0-9]{2}$/,
  [PixKeyType.EMAIL]: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  [PixKeyType.PHONE]: /^\+55[0-9]{10,11}$/,
};

/** The longest key the directory takes: an e-mail key, at most 77 characters (a BR Code holds it beside the PIX GUI). */
const MAX_KEY_LENGTH = 77;

/** §4.4 PIX keys: creates a key for the selected account in the sandbox's directory. */
export const pixKeyHandlers = {
  // The body arrives already checked by the client's schema: type 1..5, value
  // required except EVP (4000), CNPJ trimmed and uppercased (§4.4).
  create: ({ state, body, account, now }) => {
    // EVP keys are random UUIDs chosen by the directory, whatever was sent.
    const value = body.pix_key_type === PixKeyType.EVP ? randomUUID() : body.pix_key_value!.trim();
    const form = KEY_FORMS[body.pix_key_type];
    if ((form && !form.test(value)) || value.length > MAX_KEY_LENGTH)
      return fail(501, 'The key directory rejected the key value for this key type.');
    // §7.2: a key already linked (to this or another account, active or not) gives 501.
    if (state.pixKeys.has(value)) return fail(501, 'The PIX key is already linked to an account.');
    if (!state.pixKeys.hasRoomFor(value)) return fail(501, `The key directory is full (${state.pixKeys.cap} keys in this sandbox).`);
    const holder = account!;
    const entry = {
      key: value,
      type: body.pix_key_type,
      accountId: holder.id,
      holderName: brCodeName(holder.name),
      city: 'SAO PAULO',
      ispb: holder.ispb,
      active: true,
      createdAt: now,
    };
    // §2.9: created_at is filled in with the current time when the directory omits it.
    return {
      data: { pix_key: value, pix_key_type: body.pix_key_type, status: PIX_KEY_STATUS_ACTIVE, created_at: now },
      commit: () => state.pixKeys.set(value, entry),
    };
  },
} satisfies HandlerGroup<typeof PixKeyOperations>;
