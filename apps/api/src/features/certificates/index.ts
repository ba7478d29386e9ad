/**
 * Certificates of attendance and name badges (docs/product.md#certificates-of-attendance,
 * docs/product.md#name-badges) as the rest of the API sees them: the route plugins for
 * features/routes.ts; the job handlers (the issuing after an event, and its periodic sweep) for
 * background.ts; the mail attachment source of a certificate's PDF and the E-tickets page's
 * certificate links, handed over by features/wiring.ts.
 */
export { certificatesPublicRoutes, certificatesRoutes } from './certificates.routes.js';
export {
  certificateJobs,
  certificateLinksOf,
  certificatePdfSource,
  issueEventCertificates,
} from './certificates.service.js';
