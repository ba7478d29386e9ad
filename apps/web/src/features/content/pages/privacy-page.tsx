import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-bold text-ink">{title}</h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

export default function PrivacyPage() {
  useTitle('Privacy policy');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Privacy policy</h1>
      <p className="mt-3 text-sm text-slate-500">Tikiti, Nairobi, Kenya</p>
      <div className="leading-7 text-slate-700">
        <p className="mt-6">
          This policy explains what personal data Tikiti collects when you browse events, buy tickets or host events,
          why we collect it, how long we keep it, and the rights you have under the Data Protection Act, 2019 of Kenya.
        </p>

        <Section title="Personal data we collect">
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <strong>Account data:</strong> your name, email address and phone number, and for organisers the
              organisation's name, display name, email address and phone number, and the teammates you invite.
            </li>
            <li>
              <strong>Contact data:</strong> what you send us through the contact form or by email, and the details you
              give when booking as a guest (full name, email address, phone number).
            </li>
            <li>
              <strong>Billing data:</strong> your bookings, the tickets and amounts, the payment method and the
              payment's status.
            </li>
            <li>
              <strong>Card details:</strong> card numbers, expiry dates and security codes are entered in the payment
              provider's form and processed by the provider. Tikiti never receives or stores your full card details.
            </li>
            <li>
              <strong>Technical data:</strong> the information your browser sends with each request, kept in our logs to
              keep the service secure and working.
            </li>
          </ul>
        </Section>

        <Section title="How we use it">
          <p>
            We use your data to create and run your account, to process bookings and payments, to send your e-tickets
            and confirmations, to let organisers check attendees in at their events, to answer your messages, and to
            protect the service against fraud and abuse. Organisers see the names and contact details of the people who
            book their events. We do not sell your personal data.
          </p>
        </Section>

        <Section title="How long we keep it">
          <p>
            We keep personal data for as long as the law or our contract with you requires, plus a reasonable period
            after that to handle questions, refunds and disputes.
          </p>
          <p>
            When you close your account, we may mask your personal data so that it no longer identifies you, but we keep
            the records the law requires us to keep (for example for tax and accounting) for as long as it requires.
          </p>
        </Section>

        <Section title="Your rights">
          <p>
            You may ask to see the personal data we hold about you, to correct it, or to have it deleted where the law
            allows. To do so, write to us through the{' '}
            <Link to={routes.talkToUs} className="font-semibold text-brand-700 hover:underline">
              contact page
            </Link>{' '}
            or at hello@tikiti.co.ke.
          </p>
        </Section>

        <Section title="Security">
          <p>
            Passwords are stored only as strong one-way hashes, connections are encrypted, and access to personal data
            is limited to the people who need it to run the service.
          </p>
        </Section>
      </div>
    </div>
  );
}
