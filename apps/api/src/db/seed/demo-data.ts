/**
 * The demo marketplace (docs/architecture.md#demo-data): corporate and professional events at real Kenyan
 * venues, run by fictional Kenyan organisations. Days are offsets from the day of seeding.
 */

export const DEMO_CATEGORIES = {
  tech: { name: 'Technology & Innovation', colors: { from: '#0F766E', to: '#0B3B4F', accent: '#F59E0B' } },
  finance: { name: 'Finance & Banking', colors: { from: '#1E3A8A', to: '#0F172A', accent: '#38BDF8' } },
  agri: { name: 'Agribusiness', colors: { from: '#15803D', to: '#14532D', accent: '#FACC15' } },
  health: { name: 'Health & Medicine', colors: { from: '#BE123C', to: '#4C0519', accent: '#FDA4AF' } },
  leadership: { name: 'Leadership & Management', colors: { from: '#6D28D9', to: '#1E1B4B', accent: '#F0ABFC' } },
  energy: { name: 'Energy & Climate', colors: { from: '#EA580C', to: '#7C2D12', accent: '#FDE047' } },
  marketing: { name: 'Marketing & Media', colors: { from: '#DB2777', to: '#581C87', accent: '#FBCFE8' } },
  legal: { name: 'Legal & Compliance', colors: { from: '#334155', to: '#0F172A', accent: '#5EEAD4' } },
} as const;
export type CategoryKey = keyof typeof DEMO_CATEGORIES;

export interface DemoOrganiser {
  organizationName: string;
  displayName: string;
  email: string;
  msisdn: string;
  owner: { firstName: string; lastName: string; email: string; msisdn: string };
}

/** The first one is the demo organiser's organisation. */
export const DEMO_ORGANISERS: DemoOrganiser[] = [
  {
    organizationName: 'Savannah Summits Limited',
    displayName: 'Savannah Summits',
    email: 'events@savannahsummits.co.ke',
    msisdn: '254711000101',
    owner: { firstName: 'Wanjiru', lastName: 'Kamau', email: 'demo@tikiti.co.ke', msisdn: '254711000102' },
  },
  {
    organizationName: 'Kilimo Forward Africa Limited',
    displayName: 'Kilimo Forward',
    email: 'hello@kilimoforward.co.ke',
    msisdn: '254722000201',
    owner: {
      firstName: 'Kiprono',
      lastName: 'Cheruiyot',
      email: 'kiprono@kilimoforward.co.ke',
      msisdn: '254722000202',
    },
  },
  {
    organizationName: 'Jumuia Health Network Trust',
    displayName: 'Jumuia Health',
    email: 'cpd@jumuiahealth.or.ke',
    msisdn: '254733000301',
    owner: { firstName: 'Akinyi', lastName: 'Otieno', email: 'akinyi@jumuiahealth.or.ke', msisdn: '254733000302' },
  },
  {
    organizationName: 'Pwani Business Forum Limited',
    displayName: 'Pwani Business Forum',
    email: 'info@pwanibusiness.co.ke',
    msisdn: '254741000401',
    owner: { firstName: 'Hassan', lastName: 'Mwinyi', email: 'hassan@pwanibusiness.co.ke', msisdn: '254741000402' },
  },
  {
    organizationName: 'Mara Leadership Institute',
    displayName: 'Mara Leadership Institute',
    email: 'programmes@maraleadership.ac.ke',
    msisdn: '254752000501',
    owner: { firstName: 'Njeri', lastName: 'Mwangi', email: 'njeri@maraleadership.ac.ke', msisdn: '254752000502' },
  },
];

export interface DemoTicket {
  name: string;
  price: number;
  max: number;
  persons?: number;
  sold: number;
  /** Issue 27: shown only with an access code; team pricing (docs/product.md#team-pricing). */
  hidden?: boolean;
  tiers?: { min_qty: number; percent_off: number }[];
}

const round5 = (n: number) => Math.max(25, Math.min(450, Math.round(n / 5) * 5));
const seats = (n: number) => Math.max(5, Math.round(n / 5) * 5);
const soldOf = (max: number, share: number) => Math.min(max, Math.round(max * Math.max(0, share)));

/** Early Bird, Regular, VIP and a group ticket: a conference. `demand` 0..1 drives sales. */
function conference(price: number, capacity: number, demand: number): DemoTicket[] {
  const early = seats(capacity * 0.2);
  const regular = seats(capacity * 0.6);
  const vip = seats(capacity * 0.1);
  const group = Math.max(4, Math.round((capacity * 0.1) / 5));
  return [
    { name: 'Early Bird', price: round5(price * 0.7), max: early, sold: soldOf(early, demand * 1.6) },
    { name: 'Regular', price: round5(price), max: regular, sold: soldOf(regular, demand * 0.6) },
    { name: 'VIP', price: round5(price * 2.5), max: vip, sold: soldOf(vip, demand * 0.5) },
    { name: 'Group of 5', price: round5(price * 4.25), persons: 5, max: group, sold: soldOf(group, demand * 0.4) },
  ];
}

/** A hands-on session: individual seats and a team pass. */
function workshop(price: number, capacity: number, demand: number): DemoTicket[] {
  const regular = seats(capacity * 0.8);
  const team = Math.max(3, Math.round((capacity * 0.2) / 5));
  return [
    { name: 'Regular', price: round5(price), max: regular, sold: soldOf(regular, demand * 0.7) },
    { name: 'Team of 5', price: round5(price * 4.5), persons: 5, max: team, sold: soldOf(team, demand * 0.5) },
  ];
}

/** A masterclass: Early Bird, Regular and a premium seat. */
function masterclass(price: number, capacity: number, demand: number): DemoTicket[] {
  const early = seats(capacity * 0.25);
  const regular = seats(capacity * 0.6);
  const premium = seats(capacity * 0.15);
  return [
    { name: 'Early Bird', price: round5(price * 0.75), max: early, sold: soldOf(early, demand * 1.4) },
    { name: 'Regular', price: round5(price), max: regular, sold: soldOf(regular, demand * 0.6) },
    {
      name: 'Premium (front rows + lunch with speakers)',
      price: round5(price * 2),
      max: premium,
      sold: soldOf(premium, demand * 0.5),
    },
  ];
}

/** A breakfast or networking session: single seats and a company table of ten. */
function breakfast(price: number, capacity: number, demand: number): DemoTicket[] {
  const single = seats(capacity * 0.7);
  const tables = Math.max(2, Math.round((capacity * 0.3) / 10));
  return [
    { name: 'Single Seat', price: round5(price), max: single, sold: soldOf(single, demand * 0.8) },
    {
      name: 'Company Table of 10',
      price: round5(price * 9),
      persons: 10,
      max: tables,
      sold: soldOf(tables, demand * 0.5),
    },
  ];
}

export const VENUES = {
  kicc: 'KICC, Harambee Avenue, Nairobi',
  sarit: 'Sarit Expo Centre, Westlands, Nairobi',
  radisson: 'Radisson Blu Hotel, Upper Hill, Nairobi',
  kempinski: 'Villa Rosa Kempinski, Westlands, Nairobi',
  strathmore: 'Strathmore University, Madaraka, Nairobi',
  ihub: 'iHub, Senteu Plaza, Kilimani, Nairobi',
  serena: 'Mombasa Serena Beach Resort & Spa, Shanzu, Mombasa',
  acacia: 'Acacia Premier Hotel, Kisumu',
  enashipai: 'Enashipai Resort & Spa, Naivasha',
  sarova: 'Sarova Woodlands Hotel, Nakuru',
  eldoret: 'Boma Inn, Eldoret',
  diamond: 'Diamond Plaza Convention Centre, Parklands, Nairobi',
  safaripark: 'Safari Park Hotel, Thika Road, Nairobi',
  kucc: 'Kenyatta University Conference Centre, Nairobi',
  sankara: 'Sankara Nairobi, Westlands, Nairobi',
} as const;

export interface DemoEvent {
  title: string;
  /** Priced in Kenyan shillings (paid with M-Pesa or a card); USD otherwise. */
  currency?: 'KES';
  category: CategoryKey;
  /** Index into DEMO_ORGANISERS. */
  organiser: number;
  venue: string;
  /** Days from the day of seeding (negative: in the past). */
  day: number;
  /** Nairobi wall-clock start, in hours (8.5 = 08:30), and length in hours; within 08:00–18:00. */
  start: number;
  hours: number;
  status: 1 | 2;
  short: string;
  /** Paragraphs of the full description; a practical-details paragraph is added. */
  about: string[];
  tickets: DemoTicket[];
  /** Its delegates' rules and questions (docs/product.md#delegates-and-questions); its buyers name delegates. */
  delegates?: DemoDelegates;
}

/** A demo question, as an organiser would set it. */
export interface DemoQuestion {
  kind: 'text' | 'single_choice' | 'multi_choice' | 'checkbox';
  label: string;
  scope: 'order' | 'attendee';
  required?: boolean;
  options?: string[];
}

export interface DemoDelegates {
  attendeeNames: 'at_checkout' | 'later';
  lockHours: number;
  questions: DemoQuestion[];
}

const DIETARY: DemoQuestion = {
  kind: 'single_choice',
  label: 'Dietary needs',
  scope: 'attendee',
  required: true,
  options: ['None', 'Vegetarian', 'Vegan', 'Halal', 'Gluten-free'],
};
const SPONSOR_CONSENT: DemoQuestion = {
  kind: 'checkbox',
  label: 'I agree to share my contact details with the event’s sponsors',
  scope: 'attendee',
};
const INVOICE_COMPANY: DemoQuestion = { kind: 'text', label: 'Company name for the invoice', scope: 'order' };

/** The same tickets priced in shillings, whole and rounded to KES 50 (about 130 to the dollar). */
const inShillings = (tickets: DemoTicket[]): DemoTicket[] =>
  tickets.map((t) => ({ ...t, price: Math.max(50, Math.round((t.price * 130) / 50) * 50) }));

const published = (e: Omit<DemoEvent, 'status'>): DemoEvent => ({ ...e, status: 1 });
const draft = (e: Omit<DemoEvent, 'status'>): DemoEvent => ({ ...e, status: 2 });

export const DEMO_EVENTS: DemoEvent[] = [
  published({
    title: 'Nairobi AI & Data Summit 2026',
    category: 'tech',
    organiser: 0,
    venue: VENUES.kicc,
    day: 3,
    start: 8,
    hours: 9,
    short:
      'Two tracks on applied AI, data platforms and responsible automation for Kenyan enterprises, with case studies from banks, telcos and logistics firms.',
    about: [
      'The Nairobi AI & Data Summit brings together data leaders, engineers and executives who are putting machine learning to work in East Africa. Sessions focus on what has shipped: credit scoring on mobile-money data, demand forecasting for FMCG distributors, Swahili language models for customer service and fraud detection at scale.',
      'Expect a morning of keynotes followed by two parallel tracks (Business and Engineering), a responsible-AI panel on the Data Protection Act, and an exhibition floor with local start-ups and cloud providers.',
    ],
    tickets: conference(120, 600, 0.7),
    delegates: {
      attendeeNames: 'later',
      lockHours: 24,
      questions: [
        DIETARY,
        {
          kind: 'multi_choice',
          label: 'Afternoon tracks',
          scope: 'attendee',
          options: ['Business', 'Engineering', 'Responsible AI'],
        },
        SPONSOR_CONSENT,
        INVOICE_COMPANY,
      ],
    },
  }),
  published({
    title: 'East Africa Fintech & Payments Summit',
    category: 'finance',
    organiser: 0,
    venue: VENUES.kempinski,
    day: 6,
    start: 8.5,
    hours: 8.5,
    short:
      'Regulators, banks and fintechs on instant payments, open banking, cross-border remittances and the next decade of mobile money in the region.',
    about: [
      'Kenya led the world into mobile money; the next chapter is interoperability, open APIs and cross-border payments across the EAC. This summit puts central bank officials, commercial banks, payment service providers and founders on the same stage.',
      'Panels cover the National Payments Strategy, PAPSS and regional settlement, merchant acceptance beyond Nairobi, and how digital lenders are adapting to the new licensing regime. A closed-door CFO roundtable runs in the afternoon for VIP ticket holders.',
    ],
    // Issue 27's selling tools (seeded by demo-codes.ts): team tiers on Regular instead of a
    // group ticket, a hidden speaker pass behind the SPEAKERS access code, and a sold-out
    // roundtable with people waiting.
    tickets: [
      ...conference(150, 400, 0.55)
        .filter((t) => t.name !== 'Group of 5')
        .map((t) =>
          t.name === 'Regular'
            ? {
                ...t,
                tiers: [
                  { min_qty: 5, percent_off: 10 },
                  { min_qty: 10, percent_off: 15 },
                ],
              }
            : t,
        ),
      { name: 'Speaker pass', price: 150, max: 30, sold: 0, hidden: true },
      { name: 'CFO roundtable', price: 375, max: 20, sold: 20 },
    ],
    delegates: {
      attendeeNames: 'later',
      lockHours: 48,
      questions: [
        DIETARY,
        { kind: 'text', label: 'Name on the badge', scope: 'attendee' },
        INVOICE_COMPANY,
        { kind: 'text', label: 'Purchase order number', scope: 'order' },
      ],
    },
  }),
  published({
    title: 'Kenya Agritech Expo',
    currency: 'KES',
    category: 'agri',
    organiser: 1,
    venue: VENUES.sarit,
    day: 9,
    start: 9,
    hours: 8,
    short:
      'Precision farming, cold chains, input financing and market linkages: meet the companies building the tools that Kenyan farmers actually use.',
    about: [
      'The Kenya Agritech Expo fills Sarit Expo Centre with more than sixty exhibitors: soil-testing kits, solar irrigation, drone spraying services, digital cooperatives, crop insurance and input-financing platforms.',
      'Alongside the exhibition, a programme of 30-minute talks covers smallholder aggregation, export standards for fresh produce and how county governments are working with private extension services. Buyers from supermarkets and exporters hold matchmaking sessions in the afternoon.',
    ],
    tickets: inShillings(conference(40, 900, 0.45)),
  }),
  published({
    title: 'Kenya Digital Health Conference',
    category: 'health',
    organiser: 2,
    venue: VENUES.kicc,
    day: 12,
    start: 8,
    hours: 9,
    short:
      'Health records, telemedicine, claims automation and the Social Health Authority: how digital systems are reshaping care across the 47 counties.',
    about: [
      'The shift to the Social Health Authority has put digital health at the centre of Kenyan healthcare. This conference gathers hospital administrators, county health officials, insurers and health-tech builders to compare notes on what works.',
      'Sessions cover interoperable electronic medical records, claims processing and fraud control, telemedicine for rural facilities, and data protection for patient records. The day ends with a showcase of county digital health programmes.',
    ],
    tickets: conference(90, 500, 0.5),
  }),
  published({
    title: 'Women in Leadership Breakfast',
    currency: 'KES',
    category: 'leadership',
    organiser: 4,
    venue: VENUES.kempinski,
    day: 14,
    start: 8,
    hours: 3,
    short:
      'A candid morning with women who lead boards, banks and scale-ups in Kenya, on sponsorship, negotiation and building teams that last.',
    about: [
      'Our quarterly Women in Leadership Breakfast pairs a keynote conversation with small-table discussions led by senior executives. This edition’s theme is sponsorship: how to find advocates, how to be one, and how organisations can make it systematic.',
      'Tables are mixed by industry and seniority so every guest leaves with new connections. Men who champion inclusive leadership are warmly welcome.',
    ],
    tickets: inShillings(breakfast(45, 200, 0.85)),
  }),
  published({
    title: 'Data Protection Act Compliance Workshop',
    category: 'legal',
    organiser: 4,
    venue: VENUES.radisson,
    day: 16,
    start: 9,
    hours: 7,
    short:
      'A practical day on Kenya’s Data Protection Act: registration with the ODPC, lawful processing, data-subject requests and breach response.',
    about: [
      'The Office of the Data Protection Commissioner has stepped up enforcement, and penalty notices now reach companies of every size. This workshop walks data protection officers, lawyers and IT leads through what compliance looks like in practice.',
      'We work through registration, records of processing, consent and legitimate interest, data protection impact assessments, cross-border transfers and a live breach-response simulation. Templates for policies and DPIAs are included.',
    ],
    tickets: workshop(180, 80, 0.6),
  }),
  published({
    title: 'Kenya Renewable Energy Investment Forum',
    category: 'energy',
    organiser: 1,
    venue: VENUES.kicc,
    day: 18,
    start: 8.5,
    hours: 8.5,
    short:
      'Developers, financiers and utilities on geothermal, wind, solar mini-grids and green hydrogen, and the deals that get them built.',
    about: [
      'Kenya already draws most of its electricity from renewable sources. The next gigawatts depend on bankable projects, grid investment and new demand such as e-mobility and green industrial parks.',
      'The forum covers power purchase agreements and the new auction framework, blended finance for mini-grids, geothermal expansion in the Rift Valley and the green hydrogen roadmap. A deal room connects project developers with investors throughout the day.',
    ],
    tickets: conference(140, 450, 0.4),
  }),
  published({
    title: 'Digital Marketing Masterclass Nairobi',
    category: 'marketing',
    organiser: 3,
    venue: VENUES.ihub,
    day: 20,
    start: 9,
    hours: 7,
    short:
      'Performance marketing that works in Kenya: M-Pesa checkout funnels, WhatsApp commerce, TikTok creative and measuring what you spend.',
    about: [
      'A hands-on masterclass for marketing managers and founders who need results, not theory. Every module uses Kenyan campaigns and Kenyan numbers.',
      'We cover audience research, creative testing on TikTok and Instagram, WhatsApp Business catalogues, conversion tracking with M-Pesa payments, and building a monthly reporting pack your CFO will trust. Bring a laptop.',
    ],
    tickets: masterclass(85, 120, 0.75),
  }),
  published({
    title: 'SACCO Governance & Digital Lending Workshop',
    category: 'finance',
    organiser: 3,
    venue: VENUES.sarova,
    day: 22,
    start: 9,
    hours: 7,
    short:
      'For SACCO boards and managers: SASRA compliance, credit risk, core-banking upgrades and launching mobile loans responsibly.',
    about: [
      'SACCOs hold the savings of millions of Kenyans and compete with digital lenders for the same members. This workshop helps boards and management teams modernise without losing the trust that makes a SACCO work.',
      'Topics include SASRA prudential requirements, board oversight of credit risk, choosing and migrating core-banking systems, mobile-loan product design and member data protection.',
    ],
    tickets: workshop(95, 150, 0.5),
  }),
  published({
    title: 'Horticulture Export Readiness Workshop',
    category: 'agri',
    organiser: 1,
    venue: VENUES.enashipai,
    day: 24,
    start: 8.5,
    hours: 8,
    short:
      'GlobalG.A.P., maximum residue limits, cold-chain logistics and buyer contracts for growers and packhouses exporting flowers, avocados and vegetables.',
    about: [
      'Kenya’s horticulture exports depend on meeting exacting standards in Europe, the Middle East and Asia. This workshop, held on the shores of Lake Naivasha at the heart of the flower industry, takes growers and packhouse managers through the requirements step by step.',
      'Sessions cover certification audits, residue testing, traceability systems, reefer logistics through Mombasa and JKIA, and negotiating buyer contracts. An optional farm visit follows on the next morning.',
    ],
    tickets: workshop(110, 100, 0.35),
  }),
  published({
    title: 'Capital Markets Outlook Breakfast',
    category: 'finance',
    organiser: 0,
    venue: VENUES.radisson,
    day: 26,
    start: 8,
    hours: 3,
    short:
      'Economists and fund managers on interest rates, the shilling, Eurobond refinancing and where Kenyan equities and bonds go next.',
    about: [
      'A brisk morning briefing for treasurers, investment officers and finance directors. Our panel of economists and fund managers gives a clear view of the macro picture and the market outlook for the next two quarters.',
      'Topics include monetary policy and inflation, the exchange rate, government borrowing and the domestic bond market, and opportunities on the Nairobi Securities Exchange.',
    ],
    tickets: breakfast(60, 180, 0.6),
  }),
  published({
    title: 'Executive Strategy Retreat',
    category: 'leadership',
    organiser: 4,
    venue: VENUES.enashipai,
    day: 28,
    start: 9,
    hours: 8,
    short:
      'A day away from the office for leadership teams: scenario planning, strategic choices and turning a plan into quarterly commitments.',
    about: [
      'Strategy days often end with a slide deck and no decisions. This facilitated retreat is designed for executive teams of four to eight people who want to leave with clear choices and owners.',
      'The programme covers scenario planning for the Kenyan and regional economy, choosing where to play, resource allocation and an execution rhythm built on quarterly objectives. Teams work on their own strategy throughout the day.',
    ],
    tickets: [
      { name: 'Individual Executive', price: 350, max: 30, sold: 12 },
      { name: 'Leadership Team of 5', price: 450, persons: 5, max: 8, sold: 3 },
    ],
  }),
  published({
    title: 'Mombasa Digital Ports & Logistics Forum',
    category: 'tech',
    organiser: 3,
    venue: VENUES.serena,
    day: 30,
    start: 9,
    hours: 8,
    short:
      'Single-window clearance, cargo tracking and the Northern Corridor: how technology is cutting dwell times from Mombasa to Kampala.',
    about: [
      'The Port of Mombasa is the gateway to six countries. Faster clearance and better visibility save importers and exporters millions of shillings every week.',
      'The forum brings together shipping lines, clearing agents, freight forwarders, the revenue authority and technology providers to discuss the national electronic single window, container tracking, rail transfers on the SGR and paperless trade along the Northern Corridor.',
    ],
    tickets: conference(100, 350, 0.45),
  }),
  published({
    title: 'Primary Care Leadership Forum',
    category: 'health',
    organiser: 2,
    venue: VENUES.acacia,
    day: 32,
    start: 8.5,
    hours: 8,
    short:
      'County health leaders and facility managers on primary care networks, community health promoters and financing under the new health laws.',
    about: [
      'Primary care networks are the backbone of universal health coverage. This forum in Kisumu brings together county health executives, sub-county managers and facility in-charges from the Lake Region and beyond.',
      'Discussions cover the roll-out of primary care networks, paying and supervising community health promoters, commodity security and using facility data to make decisions. CPD points are available for clinicians.',
    ],
    tickets: conference(60, 300, 0.5),
  }),
  published({
    title: 'Carbon Markets & Climate Finance Workshop',
    category: 'energy',
    organiser: 1,
    venue: VENUES.diamond,
    day: 34,
    start: 9,
    hours: 7,
    short:
      'How carbon projects are developed, verified and sold under Kenya’s climate change regulations, with a focus on community benefit sharing.',
    about: [
      'Kenya has become one of Africa’s largest sources of carbon credits, and the amended Climate Change Act sets new rules for project approval and benefit sharing. This workshop explains the whole chain for project developers, investors and corporate buyers.',
      'We cover methodologies for cookstoves, forestry and soil carbon, measurement and verification, Article 6 and the voluntary market, pricing, and what communities are entitled to under the law.',
    ],
    tickets: workshop(160, 90, 0.45),
  }),
  published({
    title: 'HR Leaders Summit: Hybrid Work in Kenya',
    category: 'leadership',
    organiser: 0,
    venue: VENUES.radisson,
    day: 36,
    start: 8.5,
    hours: 8,
    short:
      'People leaders on hybrid policies, the Employment Act, payroll changes and keeping culture alive when teams are rarely in the same room.',
    about: [
      'Hybrid work is here to stay for many Kenyan employers, and so are the questions it raises. This summit brings together HR directors and people managers to share what has worked in their organisations.',
      'Sessions cover hybrid policy design, legal considerations under the Employment Act, statutory deductions and payroll updates, performance management across locations, and employee wellbeing.',
    ],
    tickets: conference(110, 350, 0.55),
    delegates: { attendeeNames: 'at_checkout', lockHours: 72, questions: [DIETARY, SPONSOR_CONSENT, INVOICE_COMPANY] },
  }),
  published({
    title: 'Dairy Value Chain Investment Forum',
    currency: 'KES',
    category: 'agri',
    organiser: 1,
    venue: VENUES.eldoret,
    day: 38,
    start: 9,
    hours: 7,
    short:
      'Processors, cooperatives and lenders on milk quality, feed costs, chilling centres and financing growth in Kenya’s dairy heartland.',
    about: [
      'The North Rift produces a large share of Kenya’s milk, yet farmers still lose income to poor quality, high feed costs and unreliable collection. This forum in Eldoret looks at investments that move the numbers.',
      'Speakers from processors, cooperatives, banks and development partners discuss bulk chilling, quality-based payment, fodder production, artificial insemination services and digital records for dairy farmers.',
    ],
    tickets: inShillings(conference(35, 400, 0.4)),
  }),
  published({
    title: 'Anti-Money Laundering Training for Compliance Officers',
    category: 'legal',
    organiser: 4,
    venue: VENUES.diamond,
    day: 40,
    start: 9,
    hours: 7,
    short:
      'AML/CFT obligations after Kenya’s grey-listing: customer due diligence, suspicious transaction reports and what examiners look for.',
    about: [
      'Following Kenya’s listing for increased monitoring, regulators expect stronger anti-money laundering controls from banks, SACCOs, payment providers, lawyers, accountants and real-estate agents.',
      'This one-day training covers the Proceeds of Crime and Anti-Money Laundering Act, risk-based customer due diligence, beneficial ownership, sanctions screening, filing suspicious transaction reports with the Financial Reporting Centre and preparing for inspections.',
    ],
    tickets: workshop(150, 100, 0.65),
  }),
  published({
    title: 'Startup Founders Pitch Day',
    category: 'tech',
    organiser: 0,
    venue: VENUES.ihub,
    day: 42,
    start: 10,
    hours: 7,
    short:
      'Twelve early-stage Kenyan start-ups pitch to angels and funds, followed by investor office hours and a founders’ networking session.',
    about: [
      'Twelve start-ups, selected from more than two hundred applications, pitch live to a panel of angel investors and venture funds active in East Africa. Sectors include logistics, climate, health and SME finance.',
      'After the pitches, investors hold 15-minute office hours with founders who book a slot in advance. The afternoon closes with a networking session for founders, operators and investors.',
    ],
    tickets: [
      { name: 'Founder / Operator', price: 25, max: 150, sold: 96 },
      { name: 'Investor Pass', price: 120, max: 40, sold: 18 },
    ],
  }),
  published({
    title: 'Clinical Research & Ethics Masterclass',
    category: 'health',
    organiser: 2,
    venue: VENUES.sankara,
    day: 44,
    start: 9,
    hours: 7,
    short:
      'Good clinical practice, ethics review, informed consent and data management for investigators and research coordinators in Kenya.',
    about: [
      'Kenya hosts a growing number of clinical trials, and sponsors expect research sites to meet international standards. This masterclass prepares investigators, study coordinators and ethics committee members.',
      'Modules cover ICH good clinical practice, ethics and regulatory approvals, informed consent in multilingual settings, safety reporting and clinical data management. Participants receive a certificate of attendance.',
    ],
    tickets: masterclass(140, 90, 0.5),
  }),
  published({
    title: 'Brand Kenya Storytelling Summit',
    category: 'marketing',
    organiser: 3,
    venue: VENUES.safaripark,
    day: 46,
    start: 9,
    hours: 8,
    short:
      'Marketers, creatives and journalists on building brands with Kenyan stories, from Gen Z audiences to export markets.',
    about: [
      'Great Kenyan brands tell stories that travel, from Nairobi estates to diaspora audiences in London and Dubai. This summit gathers brand managers, agency creatives, journalists and content creators to explore how.',
      'Sessions include audience insight for Gen Z, Sheng and local language in advertising, working with creators, brand safety and measuring brand health on a budget.',
    ],
    tickets: conference(75, 400, 0.35),
  }),
  published({
    title: 'Lake Basin Aquaculture Forum',
    category: 'agri',
    organiser: 1,
    venue: VENUES.acacia,
    day: 49,
    start: 9,
    hours: 7,
    short:
      'Cage farming, fish feed, hatcheries and market access around Lake Victoria: an investment and practice forum for the blue economy.',
    about: [
      'Wild fish stocks in Lake Victoria are under pressure, and aquaculture is growing fast to meet demand. This forum in Kisumu connects fish farmers, feed manufacturers, hatcheries, county officials and investors.',
      'Topics include cage-farming regulation, quality fingerlings, affordable feed, cold storage and processing, and access to finance for aquaculture enterprises.',
    ],
    tickets: workshop(45, 160, 0.3),
  }),
  published({
    title: 'Family Business Succession Forum',
    category: 'leadership',
    organiser: 3,
    venue: VENUES.serena,
    day: 52,
    start: 9,
    hours: 7,
    short:
      'Founders and next-generation leaders on governance, succession planning, family constitutions and keeping the business in the family.',
    about: [
      'Most Kenyan businesses are family-owned, and many will change hands in the next decade. This forum at the coast brings founders and their successors together to talk openly about succession.',
      'Sessions cover family constitutions, boards and advisory councils, estate planning and tax, professionalising management, and resolving conflict. Families are encouraged to attend together.',
    ],
    tickets: conference(130, 200, 0.45),
  }),
  published({
    title: 'Cloud Security Bootcamp for Financial Institutions',
    category: 'tech',
    organiser: 0,
    venue: VENUES.strathmore,
    day: 55,
    start: 8.5,
    hours: 8.5,
    short:
      'Hands-on cloud security for banks, SACCOs and fintechs: identity, logging, incident response and meeting CBK cybersecurity guidelines.',
    about: [
      'Financial institutions in Kenya are moving core workloads to the cloud under Central Bank of Kenya guidelines on cybersecurity and outsourcing. This bootcamp is for the engineers and security teams doing the work.',
      'Labs cover identity and access management, secure network design, centralised logging and detection, key management, and running an incident-response exercise end to end. Participants need a laptop.',
    ],
    tickets: masterclass(200, 60, 0.9),
  }),
  published({
    title: 'Pharmacy Supply Chain Summit',
    category: 'health',
    organiser: 2,
    venue: VENUES.sarit,
    day: 61,
    start: 9,
    hours: 8,
    short:
      'Manufacturers, distributors and pharmacies on local production, quality assurance, track-and-trace and keeping essential medicines in stock.',
    about: [
      'Stock-outs and substandard medicines remain serious problems. This summit examines how Kenya’s pharmaceutical supply chain can become more reliable, from local manufacturing to the last-mile pharmacy.',
      'Topics include Pharmacy and Poisons Board requirements, track-and-trace, demand forecasting, pooled procurement for counties and the role of digital ordering platforms for independent pharmacies.',
    ],
    tickets: conference(70, 350, 0.35),
  }),
  published({
    title: 'Procurement Law & Public Tenders Seminar',
    category: 'legal',
    organiser: 4,
    venue: VENUES.eldoret,
    day: 64,
    start: 9,
    hours: 7,
    short:
      'For suppliers and procurement officers: the Public Procurement and Asset Disposal Act, e-procurement, AGPO and challenging a tender award.',
    about: [
      'Public procurement is one of the largest markets in Kenya, and also one of the most regulated. This seminar helps suppliers and public officers understand the rules and avoid costly mistakes.',
      'We cover the Public Procurement and Asset Disposal Act and regulations, the e-procurement system, preference schemes for youth, women and persons with disabilities, contract management and review-board procedures.',
    ],
    tickets: workshop(80, 120, 0.4),
  }),
  published({
    title: 'Content Creators Business Forum',
    category: 'marketing',
    organiser: 3,
    venue: VENUES.kucc,
    day: 67,
    start: 10,
    hours: 7,
    short:
      'Turning content into a business: brand deals, rates, contracts, tax obligations and building a team, with Kenya’s leading creators.',
    about: [
      'Kenya’s creator economy is booming, but many creators still struggle with pricing, contracts and taxes. This forum treats content creation as the business it is.',
      'Sessions cover rate cards and negotiating with brands, contracts and usage rights, KRA obligations for digital income, diversifying revenue and hiring your first editor or manager.',
    ],
    tickets: [
      { name: 'Creator Pass', price: 25, max: 300, sold: 174 },
      { name: 'Brand & Agency Pass', price: 95, max: 80, sold: 31 },
      { name: 'VIP Creator Lounge', price: 180, max: 30, sold: 30 },
    ],
  }),
  published({
    title: 'IFRS & Tax Update for Finance Teams',
    category: 'finance',
    organiser: 0,
    venue: VENUES.strathmore,
    day: 72,
    start: 8.5,
    hours: 8,
    short:
      'The year’s IFRS changes, Finance Act amendments, eTIMS invoicing and transfer pricing, explained for accountants and finance managers.',
    about: [
      'Finance teams face changes from two directions: new and amended accounting standards, and a steady stream of tax amendments. This update covers both in one practical day.',
      'Sessions cover recent IFRS amendments and their disclosure impact, the latest Finance Act, eTIMS compliance, withholding and VAT issues, and transfer pricing documentation. CPD hours are available for ICPAK members.',
    ],
    tickets: conference(95, 450, 0.5),
  }),
  published({
    title: 'Kenya Cybersecurity Summit',
    category: 'tech',
    organiser: 0,
    venue: VENUES.safaripark,
    day: 80,
    start: 8,
    hours: 9,
    short:
      'CISOs, regulators and researchers on ransomware, fraud, critical infrastructure protection and building security teams in Kenya.',
    about: [
      'Kenya sees millions of cyber threats every quarter, from SIM-swap fraud to ransomware against hospitals and manufacturers. The Kenya Cybersecurity Summit gathers those who defend against them.',
      'The programme includes threat-landscape briefings, a tabletop exercise for executives, sessions on the Computer Misuse and Cybercrimes Act, security for mobile-money ecosystems, and careers in cybersecurity.',
    ],
    tickets: conference(130, 600, 0.3),
  }),
  published({
    title: 'Climate-Smart Agriculture Field Day',
    category: 'agri',
    organiser: 1,
    venue: VENUES.enashipai,
    day: 87,
    start: 8,
    hours: 8,
    short:
      'Drought-tolerant seed, conservation agriculture, water harvesting and weather-index insurance, demonstrated with farmers and researchers.',
    about: [
      'Changing rainfall patterns are already reshaping farming in Kenya. This field day combines short talks with demonstrations of practices that help farms cope.',
      'Researchers, seed companies, insurers and farmer groups show drought-tolerant varieties, minimum tillage, water harvesting, agroforestry and weather-index insurance products.',
    ],
    tickets: workshop(30, 250, 0.2),
  }),
  // Two events that already took place.
  published({
    title: 'Nairobi Tech Week Warm-Up',
    category: 'tech',
    organiser: 0,
    venue: VENUES.ihub,
    day: -21,
    start: 14,
    hours: 4,
    short:
      'An afternoon of lightning talks and demos ahead of Nairobi Tech Week, with founders, engineers and product people.',
    about: [
      'A relaxed afternoon of five-minute lightning talks, product demos and networking to kick off the Nairobi Tech Week season.',
      'Speakers share lessons from shipping products in Kenya: payments, logistics, health and climate.',
    ],
    tickets: workshop(25, 150, 0.9),
  }),
  published({
    title: 'Coast Tourism Investment Breakfast',
    category: 'finance',
    organiser: 3,
    venue: VENUES.serena,
    day: -40,
    start: 8,
    hours: 3,
    short:
      'Hoteliers, investors and county officials on financing the next wave of coastal tourism, from boutique hotels to marine parks.',
    about: [
      'A breakfast briefing on investment opportunities in coastal tourism, with a look at occupancy trends, financing options and county incentives.',
      'Speakers include hoteliers from Diani, Malindi and Lamu, and investors who have backed tourism projects at the coast.',
    ],
    tickets: breakfast(50, 120, 0.8),
  }),
  // Two drafts the demo organiser is still preparing.
  draft({
    title: 'Kenya Supply Chain Excellence Awards',
    category: 'leadership',
    organiser: 0,
    venue: VENUES.kicc,
    day: 84,
    start: 16,
    hours: 2,
    short: 'An evening recognising the logistics, procurement and supply chain teams that kept Kenya moving this year.',
    about: [
      'Awards across twelve categories, from warehouse of the year to procurement leader of the year, judged by an independent panel.',
      'The ceremony is followed by a networking reception.',
    ],
    tickets: conference(120, 300, 0),
  }),
  draft({
    title: 'Board Cybersecurity Roundtable',
    category: 'legal',
    organiser: 0,
    venue: VENUES.kempinski,
    day: 66,
    start: 8,
    hours: 3,
    short:
      'A closed roundtable for directors on cyber-risk oversight, regulatory expectations and questions boards should ask management.',
    about: [
      'Regulators increasingly hold boards accountable for cyber-risk. This roundtable helps directors understand their duties and ask the right questions.',
      'Limited to thirty directors to keep the discussion candid.',
    ],
    tickets: breakfast(250, 30, 0),
  }),
];
