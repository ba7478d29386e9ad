import { formatShortDate } from '@tikiti/contract';
import { BookOpen, Building2, Handshake, Mic2, QrCode, Wallet, type LucideIcon } from 'lucide-react';

/**
 * How each post's card and header look: an icon on a coloured band, by slug. The header's white
 * text sits on the band's lighter corner, so every band starts dark enough for 4.5:1 (WCAG AA).
 */
export const POST_LOOKS: Record<string, { icon: LucideIcon; tint: string }> = {
  'choosing-a-venue-for-your-nairobi-conference': { icon: Building2, tint: 'from-brand-700 to-brand-900' },
  'pricing-a-professional-event-in-kenya': { icon: Wallet, tint: 'from-amber-700 to-amber-800' },
  'winning-corporate-sponsors-for-your-summit': { icon: Handshake, tint: 'from-slate-700 to-ink' },
  'qr-check-in-in-under-ten-seconds': { icon: QrCode, tint: 'from-teal-700 to-brand-900' },
  'designing-a-programme-people-stay-for': { icon: Mic2, tint: 'from-amber-800 to-amber-950' },
  'the-business-events-calendar-in-kenya-2027': { icon: BookOpen, tint: 'from-teal-800 to-slate-900' },
};

/** "28 Oct 2026": the day a post was published, in Nairobi. */
export const publishedOn = (date: string) => formatShortDate(`${date}T12:00:00+03:00`);

export const fallbackLook = { icon: BookOpen, tint: 'from-brand-700 to-brand-900' };

/** Each post's text: sections of a heading (or none, for the opening) and paragraphs. */
export const POST_BODIES: Record<string, { heading?: string; paragraphs: string[] }[]> = {
  'choosing-a-venue-for-your-nairobi-conference': [
    {
      paragraphs: [
        'The venue decides more of your conference than the programme does: how many people you can seat, how long they spend in traffic, whether the breakout sessions start on time, and what the photos look like afterwards. Nairobi offers three broad choices, and each suits a different event.',
      ],
    },
    {
      heading: 'KICC: the national stage',
      paragraphs: [
        'The Kenyatta International Convention Centre carries weight. Its plenary halls seat thousands, it is central, and a summit held there reads as a national occasion. The price of that is the city centre: delegates driving in from Westlands or Karen lose an hour on a bad morning, and parking fills early. Start registration at least an hour before the opening session and tell delegates which gate to use.',
      ],
    },
    {
      heading: 'Sarit Expo Centre: room to exhibit',
      paragraphs: [
        'If exhibitors matter as much as the speakers, Sarit’s open halls in Westlands make stands, demos and sponsor booths easy, and the shopping centre around it feeds people at lunch. Plenary sound needs care in a large open hall: budget for a good audio contractor.',
      ],
    },
    {
      heading: 'A hotel: everything under one roof',
      paragraphs: [
        'For 80 to 400 delegates a hotel conference suite is often the calmest choice: catering, breakout rooms, accommodation for out-of-town speakers and secure parking in one contract. Ask for the number of breakout rooms that can run at once, the real capacity in classroom layout (not theatre), and what the day-delegate rate includes.',
      ],
    },
    {
      heading: 'Questions to ask before you sign',
      paragraphs: [
        'When can we get in to set up, and until when can we stay? Who provides the projectors, microphones and internet, and how fast is the Wi-Fi with 300 phones on it? What is the cancellation policy? Put the answers in the contract, and sell tickets only up to the capacity the venue confirms in writing.',
      ],
    },
  ],
  'pricing-a-professional-event-in-kenya': [
    {
      paragraphs: [
        'One price for everyone is simple, but it leaves money and seats on the table. Ticket types let you reward the people who commit early, bring whole teams, or could not otherwise afford to come.',
      ],
    },
    {
      heading: 'Early bird',
      paragraphs: [
        'An early-bird ticket at 20 to 30 per cent off, limited in number, gives you cash and a signal of demand months before the event. Cap it with the ticket type’s maximum rather than a date alone: when it sells out, the urgency does your marketing for you.',
      ],
    },
    {
      heading: 'Group tickets',
      paragraphs: [
        'Companies send teams. A “Group of 4” ticket that admits four persons at the price of three turns one buyer’s decision into four seats, and one payment instead of four. On Tikiti a group ticket is one e-ticket that admits the whole group at the door.',
      ],
    },
    {
      heading: 'Students and young professionals',
      paragraphs: [
        'A small allocation of reduced tickets keeps the room young and the questions fresh. Ask for a student or professional-body number at the door if you need to, and keep the allocation small enough that the full-price tickets carry the budget.',
      ],
    },
  ],
  'winning-corporate-sponsors-for-your-summit': [
    {
      paragraphs: [
        'Sponsors do not buy logos; they buy access to an audience and evidence that it worked. The organisers who keep the same sponsors year after year are the ones who sell outcomes and report on them.',
      ],
    },
    {
      heading: 'Know who is in the room',
      paragraphs: [
        'Before you approach a bank, a telco or a development partner, know your audience: job titles, sectors, company sizes, last year’s attendance. A sponsor for a 300-person fintech summit wants to know how many of those 300 sign off on budgets.',
      ],
    },
    {
      heading: 'Package what can be measured',
      paragraphs: [
        'A speaking slot, a session the sponsor hosts, a stand with a lead-capture form, named tickets for the sponsor’s clients: each of these can be counted afterwards. Agree up front what you will report, and send the report within two weeks of the event.',
      ],
    },
    {
      heading: 'Start early',
      paragraphs: [
        'Corporate budgets for the next year are set months before it begins. Open sponsor conversations six to nine months before the event, and have last year’s figures ready when you do.',
      ],
    },
  ],
  'qr-check-in-in-under-ten-seconds': [
    {
      paragraphs: [
        'The first ten minutes of an event set its tone. A queue at a registration table with printed lists tells delegates their time does not matter; a door that lets them in with a scan tells them the opposite.',
      ],
    },
    {
      heading: 'Every ticket is a signed code',
      paragraphs: [
        'Each Tikiti e-ticket carries a QR code signed by the organiser’s key. A phone at the door can tell a genuine ticket from a forged one without asking a server, which is why check-in keeps working when the venue’s network does not.',
      ],
    },
    {
      heading: 'Two phones per 250 people',
      paragraphs: [
        'A scan takes two or three seconds, so one door attendant admits about 20 people a minute. For a 500-seat conference, four phones at the entrance clear the arrival rush in well under half an hour. Give each attendant a device name, so that a ticket scanned twice shows where it was first admitted.',
      ],
    },
    {
      heading: 'Plan for the exceptions',
      paragraphs: [
        'Someone will arrive without their phone charged. Keep a laptop at a side desk where the organiser can look a buyer up by name or booking reference and admit them by typing their code.',
      ],
    },
  ],
  'designing-a-programme-people-stay-for': [
    {
      paragraphs: [
        'Every organiser has watched the room empty after lunch. The afternoon slump is not a law of nature: it comes from programmes that ask people to sit still and listen for too long.',
      ],
    },
    {
      heading: 'Shorter sessions',
      paragraphs: [
        'Twenty-minute talks hold attention that forty-five-minute ones lose. Put your strongest speaker straight after lunch, not in the morning when attention is free anyway.',
      ],
    },
    {
      heading: 'Panels that argue',
      paragraphs: [
        'A panel of four people who agree is four short speeches. Brief the moderator to find the disagreement, keep panels to three speakers, and leave a third of the time for the audience’s questions.',
      ],
    },
    {
      heading: 'Breakouts with a purpose',
      paragraphs: [
        'Small sessions on practical problems, led by practitioners rather than sponsors, give delegates something to take back to the office. Ask people to choose breakouts when they book, so that you can size the rooms.',
      ],
    },
  ],
  'the-business-events-calendar-in-kenya-2027': [
    {
      paragraphs: [
        'The busiest months for business events in Kenya follow the financial year and the school calendar: March to June and September to November fill up first, and venues for those months are booked a year ahead.',
      ],
    },
    {
      heading: 'Sectors that draw the biggest audiences',
      paragraphs: [
        'Fintech and payments remain the largest draw, followed by agritech, renewable energy, and trainings for the public sector and county governments. Health and education technology events are growing fastest.',
      ],
    },
    {
      heading: 'Weeks to avoid',
      paragraphs: [
        'Avoid the weeks around the end of the financial year in June, the December holidays, and the first week of January. Check the dates of the large international summits hosted in Nairobi before you set yours: your speakers and sponsors will be at them.',
      ],
    },
    {
      heading: 'Plan backwards',
      paragraphs: [
        'Fix the venue nine to twelve months out, open early-bird sales four to six months out, and keep the last six weeks for the push that fills the room.',
      ],
    },
  ],
};
