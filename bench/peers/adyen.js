// Adyen Web 6, tree-shakable import of just the Card component (not the "auto" bundle).
import { AdyenCheckout, Card } from '@adyen/adyen-web';

export { AdyenCheckout, Card };
