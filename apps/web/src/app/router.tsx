import { lazy, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { routes } from '../lib/routes';
import { accountsPages, useSession } from '../features/accounts';
import { auditPages } from '../features/audit';
import { cataloguePages, HomePage } from '../features/catalogue';
import { certificatesPages } from '../features/certificates';
import { codesPages } from '../features/codes';
import { checkinPages } from '../features/checkin';
import { checkoutPages } from '../features/checkout';
import { contentPages } from '../features/content';
import { eticketsPages } from '../features/etickets';
import { eventsPages } from '../features/events';
import { invoicesPages } from '../features/invoices';
import { moneyPages } from '../features/money';
import { operatorPages } from '../features/operator';
import { messagesPages } from '../features/messages';
import { ordersPages } from '../features/orders';
import { privacyPages } from '../features/privacy';
import { teamPages } from '../features/team';
import { webhooksPages } from '../features/webhooks';
import { EmbedLayout } from './layouts/embed-layout';
import { PublicLayout } from './layouts/public-layout';
import { PageOutlet } from './page-outlet';

/**
 * The app's routes in React Router's declarative mode (docs/decisions/0021-first-screen.md):
 * a page's code loads on demand with React.lazy, the frame stays while it loads, and an error
 * boundary shows what went wrong. The data router's loaders and actions are not used here, and
 * leaving them out keeps 16 KB of compressed script off every first page.
 */

/** Each navigation scrolls to the top (docs/product.md#routes-and-screens). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

let navigateFromOutside: ((path: string) => void) | null = null;

/** Navigation for code outside the tree (a 401 sends the visitor to sign in: app/start-session.ts). */
export function navigateTo(path: string) {
  if (navigateFromOutside) navigateFromOutside(path);
  else window.location.assign(path);
}

function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateFromOutside = (path) => void navigate(path);
    return () => {
      navigateFromOutside = null;
    };
  }, [navigate]);
  return null;
}

/**
 * payment/success and account/tickets are guarded: without a session or a guest's checkout
 * key (which opens the bookings made with it: docs/product.md#guest-checkout), go to /login.
 * account/data needs a buyer's own session (`account`): a checkout key, or an organiser's
 * session, is not enough.
 */
export function RequireToken({ children, account = false }: { children: ReactNode; account?: boolean }) {
  const token = useSession((s) => (account ? (s.accountType === 'user' ? s.token : null) : (s.token ?? s.checkoutKey)));
  const location = useLocation();
  if (!token) return <Navigate to={routes.login} replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/**
 * Marks the document `data-interactive` once the first page works: hydrated, when the server drew
 * it (docs/decisions/0021-first-screen.md), or drawn by the app. Until then a click on the
 * server's HTML does nothing; the browser journeys wait for this before they act.
 */
function Interactive({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return children;
}

type PageModule = () => Promise<{ default: ComponentType }>;

const pages = new Map<PageModule, ComponentType>();
/** A page loaded on demand (each feature's index names its pages); one lazy component per page. */
function page(load: PageModule) {
  let Page = pages.get(load);
  if (!Page) {
    Page = lazy(load);
    pages.set(load, Page);
  }
  return (
    <Interactive>
      <Page />
    </Interactive>
  );
}

/** A page loaded on demand that only a signed-in visitor may open. */
const guardedPage = (load: PageModule) => <RequireToken>{page(load)}</RequireToken>;
const accountPage = (load: PageModule) => <RequireToken account>{page(load)}</RequireToken>;

// Issue 26: the operator's console has its own frame, loaded only at /operator.
const OperatorLayout = lazy(() => import('./layouts/operator-layout').then((m) => ({ default: m.OperatorLayout })));
const OrganiserLayout = lazy(() => import('./layouts/organiser-layout').then((m) => ({ default: m.OrganiserLayout })));

function Root() {
  return (
    <>
      <ScrollToTop />
      <NavigationBridge />
      <PageOutlet />
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route element={<PublicLayout />}>
          <Route
            index
            element={
              <Interactive>
                <HomePage />
              </Interactive>
            }
          />
          <Route path="all-events" element={page(cataloguePages.allEvents)} />
          <Route path="details/:id/:slug?" element={page(cataloguePages.eventDetails)} />
          <Route path="payment/method" element={page(checkoutPages.paymentMethod)} />
          <Route path="payment/success" element={guardedPage(checkoutPages.paymentSuccess)} />
          <Route path="account/tickets" element={guardedPage(eticketsPages.myTickets)} />
          <Route path="account/data" element={accountPage(privacyPages.myData)} />
          <Route path="account/deleted" element={page(privacyPages.accountDeleted)} />
          <Route path="news/stop" element={page(privacyPages.newsStop)} />
          <Route path="ticket/:ticketId" element={page(eticketsPages.delegateTicket)} />
          <Route path="talk-to-us" element={page(contentPages.contact)} />
          <Route path="about-us" element={page(contentPages.about)} />
          <Route path="privacy-policy" element={page(contentPages.privacy)} />
          <Route path="blog" element={page(contentPages.blog)} />
          <Route path="blog/:slug" element={page(contentPages.blogPost)} />
          <Route path="signup" element={page(accountsPages.buyerSignup)} />
          <Route path="login" element={page(accountsPages.buyerLogin)} />
          <Route path="verify/:code" element={page(certificatesPages.verify)} />
          {/* Issue 27: the waiting list's mail links. */}
          <Route path="waitlist/offer/:token" element={page(checkoutPages.waitlistOffer)} />
          <Route path="waitlist/leave" element={page(checkoutPages.waitlistLeave)} />
          <Route path="o/:slug" element={page(cataloguePages.organizer)} />
          <Route path="messages/stop" element={page(messagesPages.stop)} />
        </Route>
        {/* The widget's pages, framed by other sites (docs/api.md#widget): the checkout stays inside /embed. */}
        <Route path="embed" element={<EmbedLayout />}>
          <Route path="events/:id" element={page(cataloguePages.embedEvent)} />
          <Route path="payment/method" element={page(checkoutPages.paymentMethod)} />
          <Route path="payment/success" element={guardedPage(checkoutPages.paymentSuccess)} />
        </Route>
        <Route path="organizer">
          {/* Sign-up and sign-in pages stand alone, without the dashboard frame. */}
          <Route path="register" element={page(accountsPages.register)} />
          <Route path="register-details" element={page(accountsPages.registerDetails)} />
          <Route path="login" element={page(accountsPages.signIn)} />
          <Route path="reset" element={page(accountsPages.reset)} />
          <Route path="forgot" element={page(accountsPages.forgot)} />
          {/* The organiser frame loads with the first organiser page: buyers never need it. */}
          <Route element={<OrganiserLayout />}>
            <Route path="dashboard" element={page(eventsPages.dashboard)} />
            <Route path="events" element={page(eventsPages.myEvents)} />
            <Route path="settings" element={page(accountsPages.settings)} />
            <Route path="security" element={page(accountsPages.security)} />
            <Route path="tax-profile" element={page(invoicesPages.taxProfile)} />
            <Route path="invoices" element={page(invoicesPages.invoices)} />
            <Route path="activity" element={page(auditPages.activity)} />
            <Route path="team" element={page(teamPages.team)} />
            <Route path="invite" element={page(teamPages.invite)} />
            <Route path="event/1" element={page(eventsPages.createStep1)} />
            <Route path="event/2" element={page(eventsPages.createStep2)} />
            <Route path="event/3" element={page(eventsPages.createStep3)} />
            <Route path="event/4" element={page(eventsPages.createStep4)} />
            <Route path="event/:id/questions" element={page(eventsPages.editQuestions)} />
            <Route path="event/:id/certificates" element={page(certificatesPages.certificates)} />
            <Route path="event/:id/badges" element={page(certificatesPages.badges)} />
            {/* Issue 27: an event's codes and waiting lists. */}
            <Route path="event/:id/codes" element={page(codesPages.codes)} />
            <Route path="event/:id/waitlist" element={page(codesPages.waitlist)} />
            <Route path="event-view/1" element={page(eventsPages.editStep1)} />
            <Route path="event-view/2" element={page(eventsPages.editStep2)} />
            <Route path="tickets/:id" element={page(eventsPages.editTickets)} />
            <Route path="checkin" element={page(checkinPages.doorEvents)} />
            <Route path="checkin/:eventId" element={page(checkinPages.door)} />
            <Route path="orders/:eventId" element={page(ordersPages.orders)} />
            {/* Issue 29: messages to an event's attendees, the organisation's webhooks. */}
            <Route path="event/:id/messages" element={page(messagesPages.messages)} />
            <Route path="integrations" element={page(webhooksPages.integrations)} />
            {/* Issue 26: the organisation's money. */}
            <Route path="money" element={page(moneyPages.money)} />
          </Route>
        </Route>
        {/* Issue 26: the operator's sign-in and console, apart from the organiser's pages. */}
        <Route path="operator">
          <Route index element={page(accountsPages.operatorSignIn)} />
          <Route path="set-password" element={page(accountsPages.operatorSetPassword)} />
          <Route element={<OperatorLayout />}>
            <Route path="payouts" element={page(operatorPages.payouts)} />
            <Route path="organisations" element={page(operatorPages.organisations)} />
            <Route path="ledger" element={page(operatorPages.adjust)} />
            <Route path="figures" element={page(operatorPages.figures)} />
            <Route path="audit" element={page(operatorPages.audit)} />
            <Route path="security" element={page(accountsPages.operatorSecurity)} />
          </Route>
        </Route>
        <Route element={<PublicLayout />}>
          <Route path="*" element={page(() => import('../components/layout/not-found-page'))} />
        </Route>
      </Route>
    </Routes>
  );
}
