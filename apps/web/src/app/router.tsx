import { useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { RouteError } from '../components/layout/route-error';
import { Loading } from '../components/ui/spinner';
import { routes } from '../lib/routes';
import { accountsPages, useSession } from '../features/accounts';
import { cataloguePages, HomePage } from '../features/catalogue';
import { checkinPages } from '../features/checkin';
import { checkoutPages } from '../features/checkout';
import { contentPages } from '../features/content';
import { eticketsPages } from '../features/etickets';
import { eventsPages } from '../features/events';
import { ordersPages } from '../features/orders';
import { teamPages } from '../features/team';
import { PublicLayout } from './layouts/public-layout';

/** Each navigation scrolls to the top (docs/product.md#routes-and-screens). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Only payment/success and account/tickets are guarded: without a token, go to /login. */
export function RequireToken({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const location = useLocation();
  if (!token) return <Navigate to={routes.login} replace state={{ from: location.pathname + location.search }} />;
  return children;
}

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

type PageModule = () => Promise<{ default: React.ComponentType }>;

/** A page loaded on demand (each feature's index names its pages). */
const page = (load: PageModule): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** A page loaded on demand that only a signed-in visitor may open. */
const guardedPage = (load: PageModule): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { default: Page } = await load();
    return {
      element: (
        <RequireToken>
          <Page />
        </RequireToken>
      ),
    };
  },
});

export const routeTable: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'all-events', ...page(cataloguePages.allEvents) },
          { path: 'details/:id/:slug?', ...page(cataloguePages.eventDetails) },
          { path: 'payment/method', ...page(checkoutPages.paymentMethod) },
          { path: 'payment/success', ...guardedPage(checkoutPages.paymentSuccess) },
          { path: 'account/tickets', ...guardedPage(eticketsPages.myTickets) },
          { path: 'talk-to-us', ...page(contentPages.contact) },
          { path: 'about-us', ...page(contentPages.about) },
          { path: 'privacy-policy', ...page(contentPages.privacy) },
          { path: 'blog', ...page(contentPages.blog) },
          { path: 'blog/:slug', ...page(contentPages.blogPost) },
          { path: 'signup', ...page(accountsPages.buyerSignup) },
          { path: 'login', ...page(accountsPages.buyerLogin) },
        ],
      },
      {
        path: 'organizer',
        children: [
          // Sign-up and sign-in pages stand alone, without the dashboard frame.
          { path: 'register', ...page(accountsPages.register) },
          { path: 'register-details', ...page(accountsPages.registerDetails) },
          { path: 'login', ...page(accountsPages.signIn) },
          { path: 'reset', ...page(accountsPages.reset) },
          { path: 'forgot', ...page(accountsPages.forgot) },
          {
            // The organiser frame loads with the first organiser page: buyers never need it.
            lazy: async () => ({ Component: (await import('./layouts/organiser-layout')).OrganiserLayout }),
            children: [
              { path: 'dashboard', ...page(eventsPages.dashboard) },
              { path: 'events', ...page(eventsPages.myEvents) },
              { path: 'settings', ...page(accountsPages.settings) },
              { path: 'team', ...page(teamPages.team) },
              { path: 'invite', ...page(teamPages.invite) },
              { path: 'event/1', ...page(eventsPages.createStep1) },
              { path: 'event/2', ...page(eventsPages.createStep2) },
              { path: 'event/3', ...page(eventsPages.createStep3) },
              { path: 'event-view/1', ...page(eventsPages.editStep1) },
              { path: 'event-view/2', ...page(eventsPages.editStep2) },
              { path: 'tickets/:id', ...page(eventsPages.editTickets) },
              { path: 'checkin', ...page(checkinPages.doorEvents) },
              { path: 'checkin/:eventId', ...page(checkinPages.door) },
              { path: 'orders/:eventId', ...page(ordersPages.orders) },
            ],
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [{ path: '*', ...page(() => import('../components/layout/not-found-page')) }],
      },
    ],
  },
];

export const router = createBrowserRouter(routeTable);
