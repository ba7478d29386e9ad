/**
 * The blog's posts, newest first: what a card, a link preview and the sitemap show. The web app
 * holds each post's text; the server reads this list to give `/blog/{slug}` its title and
 * description before any script runs.
 */
export interface BlogPost {
  slug: string;
  tag: string;
  /** The day it was published, in Nairobi. */
  date: string;
  minutes: number;
  title: string;
  excerpt: string;
}

export const BLOG_POSTS: readonly BlogPost[] = [
  {
    slug: 'choosing-a-venue-for-your-nairobi-conference',
    tag: 'Venues',
    date: '2026-10-28',
    minutes: 6,
    title: 'Choosing a venue for your Nairobi conference: KICC, Sarit Expo Centre or a hotel?',
    excerpt:
      'Capacity, parking, breakout rooms and how far your delegates travel through town traffic: a practical comparison of the city’s main conference venues, and the questions to ask before you sign.',
  },
  {
    slug: 'pricing-a-professional-event-in-kenya',
    tag: 'Pricing',
    date: '2026-10-14',
    minutes: 5,
    title: 'Early bird, group and student tickets: pricing a professional event in Kenya',
    excerpt:
      'How organisers use ticket types to fill the room early, reward teams that book together, and keep events open to young professionals without losing money on the day.',
  },
  {
    slug: 'winning-corporate-sponsors-for-your-summit',
    tag: 'Sponsorship',
    date: '2026-09-30',
    minutes: 7,
    title: 'Winning corporate sponsors for your summit',
    excerpt:
      'What banks, telcos and development partners look for when they sponsor an event, how to package visibility they can measure, and when to start the conversation.',
  },
  {
    slug: 'qr-check-in-in-under-ten-seconds',
    tag: 'On the day',
    date: '2026-09-16',
    minutes: 4,
    title: 'From registration queues to QR check-in in under ten seconds',
    excerpt:
      'Long queues at the door set the wrong tone. How QR e-tickets and a couple of phones at the entrance get a 500-seat conference checked in before the opening keynote.',
  },
  {
    slug: 'designing-a-programme-people-stay-for',
    tag: 'Programme',
    date: '2026-09-02',
    minutes: 6,
    title: 'Designing a programme people stay for: keynotes, panels and breakouts',
    excerpt:
      'The afternoon slump is real. Pacing, session lengths and interactive formats that keep delegates in the room until the closing remarks, with examples from Nairobi and Mombasa events.',
  },
  {
    slug: 'the-business-events-calendar-in-kenya-2027',
    tag: 'Trends',
    date: '2026-08-19',
    minutes: 5,
    title: 'The business events calendar in Kenya: what 2027 looks like',
    excerpt:
      'Fintech, agritech, energy and public-sector trainings lead the way. A look at the sectors and months that draw the biggest audiences, and how to plan around the busiest weeks.',
  },
];

export const blogPostBySlug = (slug: string): BlogPost | undefined => BLOG_POSTS.find((p) => p.slug === slug);
