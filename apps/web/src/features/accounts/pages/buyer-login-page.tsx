import { Link } from 'react-router';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { BuyerSignInCard } from '../components/buyer-sign-in-form';

export default function BuyerLoginPage() {
  useTitle('Sign in');
  return (
    <BuyerSignInCard
      mode="signin"
      title="Sign in to Tikiti"
      intro={
        <>
          See your e-tickets and book faster. No password needed: we email you a code. New here?{' '}
          <Link to={routes.signup} className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
      hostLink={
        <>
          Organising events?{' '}
          <Link to={routes.signIn} className="font-semibold text-brand-700 hover:underline">
            Sign In to your Host Account
          </Link>
        </>
      }
    />
  );
}
