import { useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/layout/public-layout';
import { OrganiserLayout } from '../components/layout/organiser-layout';
import { RouteError } from '../components/layout/route-error';
import { Loading } from '../components/ui/spinner';
import HomePage from '../features/catalogue/pages/home-page';
import { useSession } from './store';
import { routes } from './routes';

/** Each navigation scrolls to the top (spec §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Only payment/success and account/tickets are guarded: without a token, go to /login. */
function RequireToken({ children }: { children: ReactNode }) {
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

/** Lazy route module: the default export is the page component. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
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
          { path: 'all-events', ...page(() => import('../features/catalogue/pages/all-events-page')) },
          { path: 'details/:id/:slug?', ...page(() => import('../features/catalogue/pages/event-details-page')) },
          { path: 'payment/method', ...page(() => import('../features/checkout/pages/payment-method-page')) },
          {
            path: 'payment/success',
            lazy: async () => {
              const { default: Page } = await import('../features/checkout/pages/payment-success-page');
              return {
                element: (
                  <RequireToken>
                    <Page />
                  </RequireToken>
                ),
              };
            },
          },
          {
            path: 'account/tickets',
            lazy: async () => {
              const { default: Page } = await import('../features/etickets/pages/my-tickets-page');
              return {
                element: (
                  <RequireToken>
                    <Page />
                  </RequireToken>
                ),
              };
            },
          },
          { path: 'talk-to-us', ...page(() => import('../features/content/pages/contact-page')) },
          { path: 'about-us', ...page(() => import('../features/content/pages/about-page')) },
          { path: 'privacy-policy', ...page(() => import('../features/content/pages/privacy-page')) },
          { path: 'blog', ...page(() => import('../features/content/pages/blog-page')) },
          { path: 'signup', ...page(() => import('../features/accounts/pages/buyer-signup-page')) },
          { path: 'login', ...page(() => import('../features/accounts/pages/buyer-login-page')) },
        ],
      },
      {
        path: 'organizer',
        children: [
          // Sign-up and sign-in pages stand alone, without the dashboard frame.
          { path: 'register', ...page(() => import('../features/accounts/pages/register-page')) },
          { path: 'register-details', ...page(() => import('../features/accounts/pages/register-details-page')) },
          { path: 'login', ...page(() => import('../features/accounts/pages/sign-in-page')) },
          { path: 'reset', ...page(() => import('../features/accounts/pages/reset-page')) },
          { path: 'forgot', ...page(() => import('../features/accounts/pages/forgot-page')) },
          {
            element: <OrganiserLayout />,
            children: [
              { path: 'dashboard', ...page(() => import('../features/events/pages/dashboard-page')) },
              { path: 'events', ...page(() => import('../features/events/pages/my-events-page')) },
              { path: 'settings', ...page(() => import('../features/accounts/pages/settings-page')) },
              { path: 'team', ...page(() => import('../features/team/pages/team-page')) },
              { path: 'invite', ...page(() => import('../features/team/pages/invite-page')) },
              { path: 'event/1', ...page(() => import('../features/events/pages/create-step-1-page')) },
              { path: 'event/2', ...page(() => import('../features/events/pages/create-step-2-page')) },
              { path: 'event/3', ...page(() => import('../features/events/pages/create-step-3-page')) },
              { path: 'event-view/1', ...page(() => import('../features/events/pages/edit-step-1-page')) },
              { path: 'event-view/2', ...page(() => import('../features/events/pages/edit-step-2-page')) },
              { path: 'tickets/:id', ...page(() => import('../features/events/pages/edit-tickets-page')) },
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
