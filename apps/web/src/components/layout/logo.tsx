import { Link } from 'react-router';

export function Logo({ to = '/', light = false }: { to?: string; light?: boolean }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-bold tracking-tight" aria-label="Tikiti home">
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      <span className={light ? 'text-xl text-white' : 'text-xl text-ink'}>Tikiti</span>
    </Link>
  );
}
