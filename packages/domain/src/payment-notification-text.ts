/** The words of the payment notifications (docs/payments.md); `ride` names the ride ('SG → FC on …'). */
export function paymentSentence(kind: string, ride: string, detail: string | null): string | null {
  switch (kind) {
    case 'min_passengers_reached':
      return `Your ride ${ride} reached its minimum of ${detail ?? 'enough'} passengers: it goes`;
    case 'price_locked':
      return detail
        ? `The price of your ride ${ride} is locked: your share is ${detail}`
        : `The price of your ride ${ride} is locked`;
    case 'payment_marked':
      return detail ? `Marked paid on your ride ${ride}: ${detail}` : `A rider marked their share paid on ${ride}`;
    case 'payment_amount_changed':
      return detail ? `Your share of the ride ${ride} changed: ${detail}` : `Your share of the ride ${ride} changed`;
    case 'payment_reminder':
      return detail
        ? `Your ride ${ride} leaves soon and your share of ${detail} is still due`
        : `Your ride ${ride} leaves soon and your share is still due`;
    default:
      return null;
  }
}
