/** docs/product.md#routes-and-screens: one place for every path the app links to. */
export const routes = {
  home: '/',
  allEvents: '/all-events',
  details: (id: number, slug?: string) => `/details/${id}${slug ? `/${slug}` : ''}`,
  paymentMethod: '/payment/method',
  paymentSuccess: '/payment/success',
  myTickets: '/account/tickets',
  /** A buyer's rights over their data: correct, copy, news on or off, delete. */
  myData: '/account/data',
  /** Said once the account is deleted (`?cancelled=` bookings cancelled). */
  accountDeleted: '/account/deleted',
  /** The one-click link of a marketing mail (`?token=`). */
  newsStop: '/news/stop',
  talkToUs: '/talk-to-us',
  aboutUs: '/about-us',
  privacy: '/privacy-policy',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${slug}`,
  signup: '/signup',
  login: '/login',
  register: '/organizer/register',
  registerDetails: '/organizer/register-details',
  signIn: '/organizer/login',
  reset: '/organizer/reset',
  forgot: '/organizer/forgot',
  dashboard: '/organizer/dashboard',
  myEvents: '/organizer/events',
  mySettings: '/organizer/settings',
  myTeam: '/organizer/team',
  myTeamInvite: '/organizer/invite',
  /** Two-factor sign-in, sessions, a new password (Settings, Security). */
  mySecurity: '/organizer/security',
  /** The organisation as the issuer of its tax documents (Settings, Tax profile). */
  myTaxProfile: '/organizer/tax-profile',
  /** Invoices, receipts and credit notes issued, for a date range or an event. */
  invoices: '/organizer/invoices',
  /** The organisation's activity log, for its owner. */
  activity: '/organizer/activity',
  eventStep: (n: 1 | 2 | 3 | 4) => `/organizer/event/${n}`,
  /** The questions an event's checkout asks (docs/product.md#delegates-and-questions). */
  eventQuestions: (id: number) => `/organizer/event/${id}/questions`,
  eventViewStep: (n: 1 | 2) => `/organizer/event-view/${n}`,
  eventTickets: (id: number) => `/organizer/tickets/${id}`,
  /** The events a door can open; a door-only teammate's home. */
  doorEvents: '/organizer/checkin',
  /** The door page of one event. */
  checkinEvent: (id: number) => `/organizer/checkin/${id}`,
  eventOrders: (id: number) => `/organizer/orders/${id}`,
  /** An event's certificates of attendance: settings and register (docs/product.md#certificates-of-attendance). */
  eventCertificates: (id: number) => `/organizer/event/${id}/certificates`,
  /** An event's name badges to print (docs/product.md#name-badges). */
  eventBadges: (id: number) => `/organizer/event/${id}/badges`,
  /** The public page that checks a certificate: what its QR code opens. */
  verifyCertificate: (code: string) => `/verify/${code}`,
  // Issue 26: the organiser's money, and the operator's console (docs/product.md#payouts).
  /** Balances, ledger, payouts, statements and the payout method. */
  money: '/organizer/money',
  /** The operator's sign-in; the console's pages below it. */
  operator: '/operator',
  operatorOrganisations: '/operator/organisations',
  operatorPayouts: '/operator/payouts',
  operatorLedger: '/operator/ledger',
  operatorFigures: '/operator/figures',
  operatorAudit: '/operator/audit',
  /** A new operator's mailed link: the code and a password (then the two-factor setup). */
  operatorSetPassword: '/operator/set-password',
  /** The operator's two-factor sign-in: where an operator without it is sent. */
  operatorSecurity: '/operator/security',
  /** Issue 27: an offer mail's link (opens checkout with the held seats) and the leave link. */
  waitlistOffer: (token: string) => `/waitlist/offer/${token}`,
  waitlistLeave: '/waitlist/leave',
  /** An event's discount and access codes (docs/product.md#discount-codes). */
  eventCodes: (id: number) => `/organizer/event/${id}/codes`,
  /** An event's waiting lists, one per ticket type (docs/product.md#waiting-list). */
  eventWaitlist: (id: number) => `/organizer/event/${id}/waitlist`,
  /** The widget's checkout of one event, in another site's frame (docs/api.md#widget). */
  embedEvent: (id: number) => `/embed/events/${id}`,
  /** An organiser's public page: who they are, their upcoming and past events. */
  organizerPage: (slug: string) => `/o/${slug}`,
  /** An event's messages to its attendees (docs/product.md#messages-to-attendees). */
  eventMessages: (id: number) => `/organizer/event/${id}/messages`,
  /** The organisation's webhook endpoints and their deliveries (Settings, Integrations). */
  integrations: '/organizer/integrations',
  /** The stop link of an organiser's messages (`?token=`). */
  messagesStop: '/messages/stop',
} as const;
