/**
 * Discount and access codes (docs/product.md#discount-codes). Checkout checks a buyer's code and
 * prices with it; the catalogue answers event details with the code's view and the hidden types
 * it reveals; the composition root picks up the organiser's routes.
 */
export { appliedCodeOf, checkBuyerCode, codeDiscountOf, codeRefusal, codeUsedUp, revealedBy } from './codes.service.js';
export type { CodeRow } from './codes.repo.js';
export { codesRoutes } from './codes.routes.js';
