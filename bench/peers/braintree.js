// Braintree's card fields: the client plus Hosted Fields, as its docs set them up.
import client from 'braintree-web/client';
import hostedFields from 'braintree-web/hosted-fields';

export { client, hostedFields };
