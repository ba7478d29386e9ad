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

const linkClass = 'font-semibold text-brand-700 hover:underline';

/** One thing kept: what, why, and how long, in plain words. */
function Kept({ what, why, until }: { what: ReactNode; why: ReactNode; until: ReactNode }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="font-semibold text-ink">{what}</p>
      <p className="mt-1">
        <span className="font-medium text-slate-900">Why: </span>
        {why}
      </p>
      <p className="mt-1">
        <span className="font-medium text-slate-900">How long: </span>
        {until}
      </p>
    </li>
  );
}

/**
 * docs/security.md#your-data: the privacy policy in plain words. It says what the code does: the
 * retention job, the deletion that keeps the books, the consent records and the My data page.
 * Change it with them.
 */
export default function PrivacyPage() {
  useTitle('Privacy policy');
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Privacy policy</h1>
      <p className="mt-3 text-sm text-slate-500">Tikiti, Nairobi, Kenya</p>
      <div className="leading-7 text-slate-700">
        <p className="mt-6">
          Tikiti sells tickets for events run by organisers. To do that we keep some details about you. This page says
          what we keep, why, for how long, who else sees it, and how you use your rights under Kenya’s Data Protection
          Act, 2019. We do not sell your data.
        </p>

        <Section title="What we keep, why, and for how long">
          <ul className="space-y-3">
            <Kept
              what="Your account: your name, email address and phone number"
              why="to sign you in with a code sent to your email, and to show you your tickets."
              until="until you delete your account."
            />
            <Kept
              what="Your sign-ins: the device and browser, the internet address and the time"
              why="so you (and we) can spot a sign-in that was not you."
              until="until you delete your account."
            />
            <Kept
              what="Your bookings: the event, the tickets, the amounts, how you paid, the booking reference, and the name, email and phone you gave"
              why="to hold your seats, take the payment, send your e-tickets and give refunds."
              until={
                <>
                  your name, email and phone on a booking are removed 24 months after the event ends. The amounts and
                  references stay, without your name, for at least 7 years, because the law asks businesses to keep
                  their sales records.
                </>
              }
            />
            <Kept
              what="The people on your tickets (delegates): the names, emails, phones, company and job title you give for them, and the answers to the organiser’s questions"
              why="so the organiser knows who is coming, prints badges and lets the right people in."
              until="removed 24 months after the event ends."
            />
            <Kept
              what="Check-ins: when a ticket was scanned at the door"
              why="so a ticket is only used once."
              until="kept with the ticket; it names nobody once the names are removed."
            />
            <Kept
              what="Emails we send you: booking confirmations, tickets, sign-in codes, refunds"
              why="to tell you about your bookings."
              until="a copy waits in our mail queue for a week after sending (a month if it could not be sent), then goes."
            />
            <Kept
              what="Your answer about news: yes or no, the exact words you were shown, when, and where you said it"
              why="so we only send news to people who asked for it, and can show that they did."
              until="until you delete your account."
            />
            <Kept
              what="Messages you send through the contact page"
              why="to answer you."
              until="until you delete your account or ask us to remove them."
            />
          </ul>
          <p>
            Card numbers are typed into the card provider’s form and go straight to it: Tikiti never sees or keeps them.
            Our server logs record which page was asked for and how the server answered, never your email, password,
            codes or card details.
          </p>
        </Section>

        <Section title="Who else receives your data">
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <strong>The organiser of the event you book</strong> sees your name, email and phone, the people on your
              tickets, your answers to their questions and whether each ticket was used. They see nothing about your
              bookings with other organisers.
            </li>
            <li>
              <strong>Stripe</strong>, when you pay by card: your email, the amount and the booking reference, and the
              card details you type into its form.
            </li>
            <li>
              <strong>Safaricom</strong>, when you pay with M-Pesa: the phone number the payment request goes to, the
              amount and the booking reference.
            </li>
            <li>
              <strong>Google</strong>, only if you choose “Sign in with Google”: Google tells us your name, email and
              picture.
            </li>
            <li>
              <strong>Our email service</strong> delivers the emails we send you.
            </li>
            <li>
              <strong>Text messages:</strong> we send none today. If we start (for example through Africa’s Talking), we
              will name the provider here first.
            </li>
          </ul>
        </Section>

        <Section title="News about events">
          <p>
            We send news about events only if you ask for it: by ticking the box (empty until you tick it) when you
            book, or by turning on news in{' '}
            <Link to={routes.myData} className={linkClass}>
              My data
            </Link>
            . We record when you said yes and the words you saw. Every news email has a link that stops it at once,
            without signing in; you can also turn it off in My data. Your tickets and booking emails keep coming either
            way.
          </p>
        </Section>

        <Section title="Your rights, and how to use them">
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <strong>To know and to see your data:</strong> sign in and open{' '}
              <Link to={routes.myData} className={linkClass}>
                My data
              </Link>
              . “Download my data” gives you everything above in one ZIP file of spreadsheets.
            </li>
            <li>
              <strong>To correct it:</strong> change your name and phone in My data. Your email is how you sign in: for
              another email, sign up with it.
            </li>
            <li>
              <strong>To delete it:</strong> in My data, choose “Delete my account”. We email you a code to confirm. If
              you have tickets for events still to come, you choose: cancel them (the money goes back to how you paid
              and the organiser is told) or keep them (they still work at the door). Your name, email and phone are then
              removed everywhere; the bookings stay in the organisers’ books with their amounts and references under
              “Deleted account”, as the law requires. You can sign up again later with the same email: it starts a new,
              empty account.
            </li>
            <li>
              <strong>To stop news:</strong> use the link in any news email, or My data.
            </li>
            <li>
              <strong>Named on someone else’s ticket?</strong> Sign in with the email the ticket was sent to: My data
              shows and downloads the tickets in your name, and deleting your account removes your name from them. Or
              write to us.
            </li>
            <li>
              <strong>Anything else, or a complaint:</strong> write to us through the{' '}
              <Link to={routes.talkToUs} className={linkClass}>
                contact page
              </Link>{' '}
              or at hello@tikiti.co.ke. You may also complain to the Office of the Data Protection Commissioner of
              Kenya.
            </li>
          </ul>
        </Section>

        <Section title="Security">
          <p>
            Sign-in codes and passwords are stored only as one-way hashes, connections are encrypted, and an organiser
            sees only the bookings of their own events.
          </p>
        </Section>
      </div>
    </div>
  );
}
