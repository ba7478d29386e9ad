import { useState } from 'react';
import { BookOpen, Building2, Handshake, Mic2, QrCode, Wallet } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useTitle } from '../../../lib/use-title';

const posts = [
  {
    icon: Building2,
    tag: 'Venues',
    date: '2026-10-28',
    minutes: 6,
    title: 'Choosing a venue for your Nairobi conference: KICC, Sarit Expo Centre or a hotel?',
    excerpt:
      'Capacity, parking, breakout rooms and how far your delegates travel through town traffic: a practical comparison of the city’s main conference venues, and the questions to ask before you sign.',
    tint: 'from-brand-700 to-brand-900',
  },
  {
    icon: Wallet,
    tag: 'Pricing',
    date: '2026-10-14',
    minutes: 5,
    title: 'Early bird, group and student tickets: pricing a professional event in Kenya',
    excerpt:
      'How organisers use ticket types to fill the room early, reward teams that book together, and keep events open to young professionals without losing money on the day.',
    tint: 'from-accent-500 to-accent-600',
  },
  {
    icon: Handshake,
    tag: 'Sponsorship',
    date: '2026-09-30',
    minutes: 7,
    title: 'Winning corporate sponsors for your summit',
    excerpt:
      'What banks, telcos and development partners look for when they sponsor an event, how to package visibility they can measure, and when to start the conversation.',
    tint: 'from-slate-700 to-ink',
  },
  {
    icon: QrCode,
    tag: 'On the day',
    date: '2026-09-16',
    minutes: 4,
    title: 'From registration queues to QR check-in in under ten seconds',
    excerpt:
      'Long queues at the door set the wrong tone. How QR e-tickets and a couple of phones at the entrance get a 500-seat conference checked in before the opening keynote.',
    tint: 'from-brand-600 to-brand-800',
  },
  {
    icon: Mic2,
    tag: 'Programme',
    date: '2026-09-02',
    minutes: 6,
    title: 'Designing a programme people stay for: keynotes, panels and breakouts',
    excerpt:
      'The afternoon slump is real. Pacing, session lengths and interactive formats that keep delegates in the room until the closing remarks, with examples from Nairobi and Mombasa events.',
    tint: 'from-amber-600 to-amber-800',
  },
  {
    icon: BookOpen,
    tag: 'Trends',
    date: '2026-08-19',
    minutes: 5,
    title: 'The business events calendar in Kenya: what 2027 looks like',
    excerpt:
      'Fintech, agritech, energy and public-sector trainings lead the way. A look at the sectors and months that draw the biggest audiences, and how to plan around the busiest weeks.',
    tint: 'from-teal-800 to-slate-900',
  },
];

const dateFmt = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Nairobi',
});

export default function BlogPage() {
  useTitle('Blog');
  const [askedForMore, setAskedForMore] = useState(false);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Blog</h1>
        <p className="mt-3 text-lg text-slate-600">
          Ideas and practical advice for people who plan, host and attend corporate events in Kenya.
        </p>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map(({ icon: Icon, tag, date, minutes, title, excerpt, tint }) => (
          <li key={title}>
            <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <div className={`flex aspect-[2/1] items-center justify-center bg-gradient-to-br ${tint}`}>
                <Icon className="h-12 w-12 text-white/80" aria-hidden />
              </div>
              <div className="flex flex-1 flex-col p-5">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{tag}</p>
                <h2 className="mt-2 text-lg font-semibold leading-snug">{title}</h2>
                <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{excerpt}</p>
                <p className="mt-4 text-xs text-slate-500">
                  <time dateTime={date}>{dateFmt.format(new Date(`${date}T12:00:00+03:00`))}</time> · {minutes} min read
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <div className="mt-12 flex flex-col items-center gap-3">
        <Button variant="secondary" size="lg" onClick={() => setAskedForMore(true)} disabled={askedForMore}>
          LOAD MORE
        </Button>
        <p className="text-sm text-slate-600" aria-live="polite">
          {askedForMore
            ? 'You have read everything for now: there are no more posts yet. New articles are on the way.'
            : ''}
        </p>
      </div>
    </div>
  );
}
