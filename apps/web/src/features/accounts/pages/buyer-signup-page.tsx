import { Link } from 'react-router';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { BuyerSignInCard } from '../components/buyer-sign-in-form';

export default function BuyerSignupPage() {
  useTitle('Sign up');
  return (
    <BuyerSignInCard
      mode="signup"
      title="Create your Tikiti account"
      intro={
        <>
          Keep all your e-tickets in one place. Enter your email and we send you a code; your account is ready when you
          type it in. Already have one?{' '}
          <Link to={routes.login} className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
      hostLink={
        <>
          Want to sell tickets for your events?{' '}
          <Link to={routes.register} className="font-semibold text-brand-700 hover:underline">
            Sign Up as Host
          </Link>
        </>
      }
    />
  );
}
