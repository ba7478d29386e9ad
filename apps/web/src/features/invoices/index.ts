/**
 * Tax documents and pay by invoice on the organiser's side (docs/product.md#tax-documents): the
 * tax profile, the invoices list, and the payments recorded against bookings awaiting payment.
 */
export const invoicesPages = {
  taxProfile: () => import('./pages/tax-profile-page'),
  invoices: () => import('./pages/invoices-page'),
};
