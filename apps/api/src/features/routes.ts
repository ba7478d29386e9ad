import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { catalogueRoutes } from './catalogue/catalogue.routes.js';
import { contactRoutes } from './contact/contact.routes.js';
import { eventsRoutes } from './events/events.routes.js';
import { attendeesRoutes } from './attendees/attendees.routes.js';
import { mailRoutes } from './mail/mail.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { teamRoutes } from './team/team.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { checkoutRoutes } from './checkout/checkout.routes.js';
import { eticketsRoutes } from './etickets/etickets.routes.js';
import { siteRoutes } from './site/site.routes.js';
import { certificatesPublicRoutes, certificatesRoutes } from './certificates/index.js';
import { checkinRoutes } from './checkin/checkin.routes.js';
import { ordersRoutes } from './orders/index.js';
import { invoicesRoutes } from './invoices/index.js';
import { privacyRoutes } from './privacy/index.js';
import { consentRoutes } from './consent/index.js';
import { mpesaDevRoutes, mpesaRoutes } from './mpesa/mpesa.routes.js';
import { payoutsRoutes } from './payouts/index.js';
import { operatorRoutes } from './operator/operator.routes.js';
// Issue 26: the ledger, balances and statements.
import { ledgerRoutes } from './ledger/index.js';
// Issue 27: codes and the waiting list.
import { codesRoutes } from './codes/index.js';
import { waitlistRoutes } from './waitlist/index.js';
// Issue 29 (reach): messages to attendees, SMS, webhooks.
import { messagesPublicRoutes, messagesRoutes } from './messages/index.js';
import { smsDevRoutes } from './sms/index.js';
import { webhooksRoutes } from './webhooks/index.js';
// Issue 29: the organiser page's description and logo.
import { organiserPageRoutes } from './catalogue/index.js';

export interface FeatureRoutes {
  /** A Fastify plugin given `{ ctx }` in its options. */
  plugin: (app: FastifyInstance, opts: { ctx: AppContext }) => Promise<void>;
  /** Defaults to /v1. */
  prefix?: string;
  /** The group its calls are listed under in the API reference at /docs. */
  tag: string;
}

/** Every feature's routes, registered in this order by buildApp. */
export const featureRoutes: FeatureRoutes[] = [
  { plugin: mediaRoutes, prefix: '', tag: 'Images' },
  { plugin: siteRoutes, prefix: '', tag: 'Site' },
  { plugin: catalogueRoutes, tag: 'Catalogue (public)' },
  { plugin: eventsRoutes, tag: 'Organiser events' },
  { plugin: attendeesRoutes, tag: 'Organiser events' },
  { plugin: contactRoutes, tag: 'Contact' },
  { plugin: mailRoutes, prefix: '', tag: 'Development' },
  { plugin: accountsRoutes, tag: 'Accounts and sign-in' },
  { plugin: teamRoutes, tag: 'Team' },
  { plugin: checkoutRoutes, tag: 'Checkout and payments' },
  { plugin: paymentsRoutes, tag: 'Checkout and payments' },
  { plugin: mpesaRoutes, tag: 'Checkout and payments' },
  { plugin: mpesaDevRoutes, prefix: '', tag: 'Development' },
  { plugin: eticketsRoutes, tag: 'E-tickets' },
  { plugin: checkinRoutes, tag: 'Check-in' },
  { plugin: ordersRoutes, tag: 'Orders and refunds' },
  { plugin: certificatesRoutes, tag: 'Certificates and badges' },
  { plugin: certificatesPublicRoutes, tag: 'Certificates and badges' },
  { plugin: invoicesRoutes, tag: 'Tax documents and pay by invoice' },
  { plugin: auditRoutes, tag: 'Activity' },
  { plugin: privacyRoutes, tag: 'My data' },
  { plugin: consentRoutes, tag: 'My data' },
  // Issue 26: the ledger, balances and statements.
  { plugin: ledgerRoutes, tag: 'Money' },
  // Issue 27: codes and the waiting list.
  { plugin: codesRoutes, tag: 'Codes and waiting lists' },
  { plugin: waitlistRoutes, tag: 'Codes and waiting lists' },
  // Issue 26: payouts and the operator's console.
  { plugin: payoutsRoutes, tag: 'Money' },
  { plugin: operatorRoutes, tag: 'Operator' },
  // Issue 29 (reach).
  { plugin: messagesRoutes, tag: 'Messages to attendees' },
  { plugin: messagesPublicRoutes, tag: 'Messages to attendees' },
  { plugin: smsDevRoutes, prefix: '', tag: 'Development' },
  { plugin: webhooksRoutes, tag: 'Webhooks' },
  // Issue 29: the organiser page's description and logo.
  { plugin: organiserPageRoutes, tag: 'Organiser page' },
];
