import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { isRetryable } from './lib/api-client';
import { AppRoutes, navigateTo } from './app/router';
import { startSession } from './app/start-session';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors and unreadable answers will not change on retry; network and server errors might.
      retry: (count, err) => isRetryable(err) && count < 2,
    },
  },
});

startSession(queryClient, navigateTo);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

// A public page may arrive with its first screen drawn by the server and the answers it was drawn
// with (src/entry-server.tsx): the app takes that HTML over instead of drawing it again.
const root = document.getElementById('app')!;
const firstScreen = document.getElementById('first-screen-state');
if (firstScreen?.textContent) hydrate(queryClient, JSON.parse(firstScreen.textContent));
// In a transition React takes the page over in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task a phone's tap would wait behind.
if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
