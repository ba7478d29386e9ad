import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { routes } from '../../lib/routes';

/** Goes back where the buyer came from, or to the events when this page was opened directly. */
export function useGoBack() {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(routes.allEvents, { replace: true });
  }, [navigate]);
}
