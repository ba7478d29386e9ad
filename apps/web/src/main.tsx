import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
