import { defineOperation } from '../policy.js';
import { OpenObject, OpenResponse } from './common.js';

/** §4.5 QR codes: lookup is by QR code ID, but every request and response field is not shown (§4.9). */
export const QrCodeOperations = {
  generateDynamic: defineOperation({
    name: 'qrCodes.generateDynamic',
    path: '/v3/qr_code/generate/dynamic',
    group: 'account',
    read: false,
    request: OpenObject,
    response: OpenResponse,
  }),
  generateStatic: defineOperation({
    name: 'qrCodes.generateStatic',
    path: '/v3/qr_code/generate/static',
    group: 'account',
    read: false,
    request: OpenObject,
    response: OpenResponse,
  }),
  details: defineOperation({
    name: 'qrCodes.details',
    path: '/v3/qr_code/details',
    group: 'account',
    read: true,
    request: OpenObject,
    response: OpenResponse,
  }),
} as const;
