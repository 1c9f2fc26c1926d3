/** What `paid` tells: the order, the method, the service's ID of the payment; for a card, the plan charged. */
export type PaidDetail =
  | {
      orderId: string;
      method: 'card';
      /** The service's ID of the charge. */
      chargeId: string;
      /** The count charged (1 for à vista). */
      installments: number;
      /** What was charged in all, in integer centavos: the order's amount recomputed by the shop's plan, as the handler answered it. */
      total: number;
    }
  | {
      orderId: string;
      method: 'pix';
      /** The service's ID of the QR code that was paid. */
      qrCodeId: string;
    };

/** `paid`: the order is paid. Fired once per element; the method choice then stays where it is. */
export class CheckoutPaidEvent extends CustomEvent<PaidDetail> {
  constructor(detail: PaidDetail) {
    super('paid', { detail, bubbles: true, composed: true });
  }
}
