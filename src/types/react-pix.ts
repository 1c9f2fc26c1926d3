/**
 * React 19 JSX typings for `<pay-pix-qr>`. React 19 passes props to custom
 * elements as properties when the element has one of that name, as
 * attributes otherwise, and turns `on<event>` function props into listeners
 * for exactly `<event>` (so `onexpired` listens for `expired`).
 *
 * Opt in from your app, once: `import type {} from 'pay-card-form/react-pix';`
 *
 * A `.ts` file of types only, like `react.ts`: tsc emits its declaration
 * into `dist/`, and the Node-only type check never picks it up.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { PayPixQr } from '../pix-qr/pay-pix-qr.js';
import type { PayPixQrEventMap } from '../pix-qr/events.js';

/** Props of `<pay-pix-qr>` in JSX, beside React's usual HTML attributes. */
export interface PayPixQrJsxProps extends DetailedHTMLProps<HTMLAttributes<PayPixQr>, PayPixQr> {
  /** The BR Code ("Pix Copia e Cola") your backend got when it generated the QR code. */
  payload?: PayPixQr['payload'];
  /** When the code stops being payable: an ISO 8601 time with its zone, or Unix milliseconds. */
  'expires-at'?: PayPixQr['expiresAt'];
  /** `pending`, `paid` once your backend confirms, or `expired`. */
  status?: PayPixQr['status'];
  /** Your backend's status address: the element polls it and turns to paid or expired by itself. */
  'status-url'?: PayPixQr['statusUrl'];
  /** Language of texts ("en", "pt-BR"). */
  locale?: PayPixQr['locale'];
  /** `light`, `dark`, or `auto`. */
  theme?: PayPixQr['theme'];
  /** Your server's clock, in Unix ms, when the shopper's device clock may be off. */
  now?: PayPixQr['now'];
  /** The code can no longer be paid: the countdown reached `expires-at`, or `status-url` said so. */
  onexpired?: (event: PayPixQrEventMap['expired']) => void;
  /** `status-url` answered paid. */
  onpaid?: (event: PayPixQrEventMap['paid']) => void;
  /** The payload is malformed or was tampered with; `event.detail.error.reason` says how. */
  'onpayload-error'?: (event: PayPixQrEventMap['payload-error']) => void;
  /** The shopper copied the code. */
  oncopied?: (event: PayPixQrEventMap['copied']) => void;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'pay-pix-qr': PayPixQrJsxProps;
    }
  }
}
