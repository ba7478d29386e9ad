/**
 * Checkout owns bookings and their lines (docs/architecture.md). Until the booking calls
 * land (docs/product.md, "Checkout and payments"), what others read of it is the sales
 * figure of the organiser's dashboard.
 */
export { sumPaidBookings } from './sales.repo.js';
