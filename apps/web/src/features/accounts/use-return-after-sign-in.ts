import { useLocation, useNavigate } from 'react-router';
import { routes } from '../../lib/routes';

/** After a buyer signs in: back to the guarded page that sent them to sign in, else home (docs/product.md#guards). */
export function useReturnAfterSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    const from = (location.state as { from?: string } | null)?.from;
    void navigate(from ?? routes.home, { replace: true });
  };
}
