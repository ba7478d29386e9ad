import { Link } from 'react-router';
import { Accordion } from 'radix-ui';
import { ArrowRight, BarChart3, ChevronDown, CreditCard, Search, ShieldCheck, Ticket, Users } from 'lucide-react';
import { routes } from '../../../lib/routes';
import { ButtonLink } from '../../../components/ui/button';
import { useTitle } from '../../../lib/use-title';

const reasons = [
  'Built for corporate and professional events in Kenya: conferences, summits, trainings, workshops and networking evenings.',
  'Clear prices in one currency, with every ticket type, what it includes and how many people it admits.',
  'Card payments through a certified payment provider; your card details never touch our servers.',
  'E-tickets with QR codes by email and in your account, checked in at the door with a phone.',
];

const offers = [
  {
    icon: Ticket,
    title: 'Easy booking',
    text: 'Pick your ticket types and quantities, pay by card, and get your e-tickets in minutes. No account needed.',
  },
  {
    icon: BarChart3,
    title: 'Tools for organisers',
    text: 'Create an event, set ticket types with capacities, follow sales and orders, and work with your team.',
  },
  {
    icon: ShieldCheck,
    title: 'Safe and fair',
    text: 'Tickets are never oversold, and if an event is cancelled or changed you get your money back.',
  },
];

const steps = [
  {
    icon: Search,
    title: 'Find an event',
    text: 'Browse by category, organiser or date, or search for a topic or venue.',
  },
  {
    icon: Ticket,
    title: 'Book your ticket',
    text: 'Choose ticket types and quantities and give the attendee details.',
  },
  { icon: CreditCard, title: 'Pay', text: 'Pay securely by card; your QR e-tickets arrive by email right away.' },
];

const faqs = [
  {
    q: 'Do I need an account to buy tickets?',
    a: 'No. You can book as a guest with your full name, email address and phone number. We send the e-tickets to that email, and you can later sign in with the same email to see all your tickets in one place.',
  },
  {
    q: 'How do I receive my tickets?',
    a: 'As soon as your payment succeeds, we email you a confirmation with your e-tickets attached as a PDF. Each ticket has its own QR code. You can also open them any time under My Tickets.',
  },
  {
    q: 'Which payment methods can I use?',
    a: 'Credit and debit cards (Visa and Mastercard), and M-Pesa for events priced in Kenyan shillings: you get a prompt on your phone and enter your M-Pesa PIN. Prices are shown with their currency before you pay, and the total you see is the total you are charged.',
  },
  {
    q: 'What happens if an event is cancelled or postponed?',
    a: 'If the organiser cancels the event, or changes its date or venue, you are entitled to a refund to the card you paid with. We will email you with the details.',
  },
  {
    q: 'Can I buy tickets for my colleagues?',
    a: 'Yes. Pick as many tickets as you need in one booking; each admitted person gets their own QR code, so your team can arrive separately.',
  },
  {
    q: 'How do I host my event on Tikiti?',
    a: 'Create an organiser account with your organisation details, verify your email, then create your event: title, category, dates, venue, image, description and ticket types. Your event goes live when its tickets are set up.',
  },
];

export default function AboutPage() {
  useTitle('About us');
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 md:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">About Tikiti</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl">
            Ticketing made easy for events that matter
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-brand-50/90">
            Tikiti connects professionals across Kenya with the conferences, trainings and business events that move
            their careers forward, and gives organisers a simple way to sell every seat.
          </p>
        </div>
      </section>

      <section className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 md:items-center">
        <div>
          <h2 className="text-3xl font-bold tracking-tight">Why choose us</h2>
          <p className="mt-4 text-slate-600">
            We started Tikiti in Nairobi because booking a seat at a professional event should be as easy as buying a
            coffee, and selling one should not take a spreadsheet.
          </p>
        </div>
        <ul className="space-y-4">
          {reasons.map((r) => (
            <li key={r} className="flex gap-3">
              <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span className="text-slate-700">{r}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 className="text-center text-3xl font-bold tracking-tight">What we offer</h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {offers.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 className="text-center text-3xl font-bold tracking-tight">Book in three steps</h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="relative rounded-2xl border border-slate-200 p-6">
              <span className="absolute right-5 top-4 text-4xl font-bold text-slate-100" aria-hidden>
                {i + 1}
              </span>
              <Icon className="h-7 w-7 text-accent-600" aria-hidden />
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <ButtonLink to={routes.allEvents} variant="accent" size="lg">
            Book for an event <ArrowRight className="h-4 w-4" aria-hidden />
          </ButtonLink>
        </div>
      </section>

      <section className="bg-surface">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 className="text-center text-3xl font-bold tracking-tight">Frequently asked questions</h2>
          <Accordion.Root type="single" collapsible className="mt-10 space-y-3">
            {faqs.map(({ q, a }) => (
              <Accordion.Item key={q} value={q} className="rounded-xl border border-slate-200 bg-white">
                <Accordion.Header>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-semibold hover:text-brand-700">
                    {q}
                    <ChevronDown
                      className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                      aria-hidden
                    />
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="px-5 pb-5 leading-7 text-slate-600">{a}</Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
          <p className="mt-8 text-center text-slate-600">
            <Users className="mr-1 inline h-4 w-4 align-[-2px]" aria-hidden />
            Still have a question?{' '}
            <Link to={routes.talkToUs} className="font-semibold text-brand-700 hover:underline">
              Talk to us
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
