import { signCertificateCode, verifyCertificateCode } from '@tikiti/ticket-codes';
import {
  certificateVerifyPath,
  formatShortDate,
  nairobiDay,
  PAGE_SIZE,
  type CertificateRow,
  type CertificateSettings,
  type CertificateSettingsBody,
  type ListCertificatesQuery,
  type VerifyCertificateAnswer,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db, Tx } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { enqueueJob, type JobHandler } from '../../jobs/queue.js';
import { toCsv, type Cell } from '../../lib/csv.js';
import { requireRecentConfirmation } from '../accounts/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { ticketPublicKeys, ticketSigningKey } from '../etickets/index.js';
import { certificateMail, enqueueMail, type AttachmentResolver } from '../mail/index.js';
import { certificatePdf } from './certificate-pdf.js';
import {
  countCertificates,
  findCertificate,
  findCertificateById,
  findEvent,
  findEventsDue,
  findLiveCertificateOfTicket,
  findLiveCertificatesOfTickets,
  findOwnEvent,
  findQualifyingHolders,
  findSettings,
  findTicketHolder,
  insertCertificate,
  listCertificates,
  lockSettings,
  markAutoIssued,
  markEmailed,
  nextSeq,
  revokeCertificate,
  setReplacedBy,
  upsertSettings,
  type CertificateEvent,
  type CertificateRecord,
  type HolderRow,
  type ListedCertificate,
  type SettingsRow,
} from './certificates.repo.js';

/** The job that issues an event's certificates once it has ended (docs/product.md#certificates-of-attendance). */
export const ISSUE_CERTIFICATES_JOB = 'certificates.issue';
/** The periodic sweep that finds ended events whose certificates are due and queues their issuing. */
export const CERTIFICATES_SWEEP_JOB = 'certificates.sweep';
/** How often the sweep looks for ended events (seconds). */
const SWEEP_SECONDS = 300;
/** The mail attachment source of a certificate's PDF, rebuilt when the mail is sent. */
export const CERTIFICATE_PDF_SOURCE = 'certificate-pdf';

export type Organiser = AuditActor & { organisationId: number };

const halves = (points: number) => Math.round(points * 2);
const points = (half: number) => half / 2;
const numberOf = (eventId: number, seq: number) => `CPD-${eventId}-${String(seq).padStart(4, '0')}`;

/** How many distinct Nairobi days an event spans (its last day counted when it ends after midnight). */
export function eventDays(start: Date, end: Date): number {
  const first = Date.parse(`${nairobiDay(start)}T00:00:00Z`);
  const last = Date.parse(`${nairobiDay(new Date(end.getTime() - 1))}T00:00:00Z`);
  return Math.max(1, Math.round((last - first) / 86_400_000) + 1);
}

/** "12 Mar 2026", or "12 Mar 2026 – 14 Mar 2026" over several days (Nairobi). */
export function certificateDates(start: Date, end: Date): string {
  const a = formatShortDate(start.toISOString());
  const b = formatShortDate(new Date(end.getTime() - 1).toISOString());
  return a === b ? a : `${a} – ${b}`;
}

async function ownEvent(db: Db, caller: { organisationId: number }, eventId: number) {
  const event = await findOwnEvent(db, caller.organisationId, eventId);
  if (!event) throw notFound('Event');
  return event;
}

function settingsOf(row: SettingsRow | undefined) {
  return {
    enabled: row?.enabled ?? false,
    cpd_points: points(row?.cpdHalfPoints ?? 0),
    accrediting_body: row?.accreditingBody ?? null,
    signatory_name: row?.signatoryName ?? null,
    signatory_title: row?.signatoryTitle ?? null,
    min_days: row?.minDays ?? 1,
  };
}

async function settingsView(db: Db, event: CertificateEvent, now: Date): Promise<CertificateSettings> {
  const row = await findSettings(db, event.id);
  return {
    ...settingsOf(row),
    event_days: eventDays(event.startTime, event.endTime),
    ended: event.endTime.getTime() <= now.getTime(),
    ...(await countCertificates(db, event.id)),
  };
}

/** GET v1/client/event/{id}/certificate-settings. */
export async function getCertificateSettings(db: Db, caller: Organiser, eventId: number, now = new Date()) {
  return settingsView(db, await ownEvent(db, caller, eventId), now);
}

/**
 * PUT v1/client/event/{id}/certificate-settings. Turned on after the event ended, the issuing is
 * queued at once (the periodic sweep would find it within minutes anyway).
 */
export async function putCertificateSettings(
  ctx: AppContext,
  caller: Organiser,
  eventId: number,
  body: CertificateSettingsBody,
  now = new Date(),
) {
  const event = await ownEvent(ctx.db, caller, eventId);
  const days = eventDays(event.startTime, event.endTime);
  if (body.min_days > days) {
    throw invalidField('min_days', `This event spans ${days} day${days === 1 ? '' : 's'}: ask for at most ${days}`);
  }
  await ctx.db.transaction(async (tx) => {
    await upsertSettings(tx, eventId, {
      enabled: body.enabled,
      cpdHalfPoints: halves(body.cpd_points),
      accreditingBody: body.accrediting_body,
      signatoryName: body.signatory_name,
      signatoryTitle: body.signatory_title,
      minDays: body.min_days,
    });
    if (body.enabled && event.endTime.getTime() <= now.getTime()) {
      await enqueueJob(tx, ISSUE_CERTIFICATES_JOB, { eventId }, { dedupeKey: `certificates:${eventId}` });
    }
  });
  return settingsView(ctx.db, event, now);
}

/** A certificate's signed code: the same ids always give the same code. */
async function codeOf(ctx: AppContext, c: Pick<CertificateRecord, 'id' | 'eventId'>, tx?: Tx) {
  const key = await ticketSigningKey(ctx, tx);
  return signCertificateCode(key.privateKey, { eventId: c.eventId, certificateId: c.id });
}

const verifyUrlOf = (ctx: AppContext, code: string) => ctx.config.publicUrl + certificateVerifyPath(code);
const pdfUrlOf = (ctx: AppContext, code: string) => `${ctx.config.publicUrl}/v1/certificates/${code}/certificate.pdf`;

/** Issues one certificate and queues its mail (once: the mail's dedupe key is the certificate's id). */
async function issueOne(
  ctx: AppContext,
  tx: Tx,
  event: CertificateEvent,
  settings: SettingsRow,
  holder: HolderRow,
  source: CertificateRecord['source'],
  issuedBy: number | null,
  now: Date,
) {
  const seq = await nextSeq(tx, event.id);
  const row = await insertCertificate(tx, {
    eventId: event.id,
    eTicketId: holder.ticketId,
    seq,
    number: numberOf(event.id, seq),
    holderName: holder.holderName,
    company: holder.company,
    email: holder.email,
    cpdHalfPoints: settings.cpdHalfPoints,
    source,
    issuedAt: now,
    issuedBy,
  });
  const code = await codeOf(ctx, row, tx);
  await enqueueMail(
    tx,
    {
      to: row.email,
      ...certificateMail({
        firstName: row.holderName.split(/\s+/)[0] ?? '',
        eventTitle: event.title,
        when: certificateDates(event.startTime, event.endTime),
        number: row.number,
        points: row.cpdHalfPoints
          ? `${points(row.cpdHalfPoints)} CPD points${settings.accreditingBody ? ` (${settings.accreditingBody})` : ''}`
          : '',
        organiser: event.organiser,
        verifyUrl: verifyUrlOf(ctx, code),
        pdfUrl: pdfUrlOf(ctx, code),
      }),
      attachments: [
        {
          filename: `certificate-${row.number}.pdf`,
          contentType: 'application/pdf',
          source: `${CERTIFICATE_PDF_SOURCE}:${row.id}`,
        },
      ],
    },
    { dedupeKey: `certificate-mail:${row.id}` },
  );
  // Recorded with the queueing: the mail job delivers it at least once from here.
  await markEmailed(tx, row.id, now);
  return { ...row, emailedAt: now };
}

/**
 * Issues an event's certificates after it ended, once: the settings row is locked for the
 * transaction and marked issued in it, so a second run (a retry, or the job on another
 * instance) waits for the first and then finds nothing to do. Each qualifying ticket gets one
 * certificate and one mail. Answers how many were issued.
 */
export async function issueEventCertificates(ctx: AppContext, eventId: number, now = new Date()): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const settings = await lockSettings(tx, eventId);
    if (!settings?.enabled || settings.autoIssuedAt) return 0;
    const event = await findEvent(tx, eventId);
    if (!event || event.endTime.getTime() > now.getTime()) return 0;
    const holders = await findQualifyingHolders(tx, eventId, settings.minDays);
    for (const holder of holders) await issueOne(ctx, tx, event, settings, holder, 'auto', null, now);
    await markAutoIssued(tx, eventId, now);
    return holders.length;
  });
}

/** Queues the issuing of every ended event whose certificates are due (the periodic sweep). */
export async function queueDueCertificates(ctx: AppContext, now = new Date()) {
  for (const eventId of await findEventsDue(ctx.db, now)) {
    await enqueueJob(ctx.db, ISSUE_CERTIFICATES_JOB, { eventId }, { dedupeKey: `certificates:${eventId}` });
  }
}

export const certificateJobs: JobHandler[] = [
  {
    kind: CERTIFICATES_SWEEP_JOB,
    everySeconds: SWEEP_SECONDS,
    async run(_payload, { ctx }) {
      await queueDueCertificates(ctx);
    },
  },
  {
    kind: ISSUE_CERTIFICATES_JOB,
    async run(payload, { ctx, log }) {
      const { eventId } = payload as { eventId: number };
      const issued = await issueEventCertificates(ctx, eventId);
      log.info({ eventId, issued }, 'certificates issued');
    },
  } satisfies JobHandler,
];

async function rowOf(ctx: AppContext, c: CertificateRecord, extra: { ticketType: string; bookingReference: string }) {
  const code = await codeOf(ctx, c);
  return {
    id: c.id,
    number: c.number,
    holder_name: c.holderName,
    company: c.company,
    email_address: c.email,
    ticket_id: c.eTicketId,
    ticket_type: extra.ticketType,
    booking_reference: extra.bookingReference,
    cpd_points: points(c.cpdHalfPoints),
    issued_at: c.issuedAt.toISOString(),
    revoked_at: c.revokedAt?.toISOString() ?? null,
    status: c.revokedAt ? 'revoked' : 'issued',
    source: c.source,
    emailed_at: c.emailedAt?.toISOString() ?? null,
    replaced_by: c.replacedBy,
    verify_url: verifyUrlOf(ctx, code),
    pdf_url: pdfUrlOf(ctx, code),
  } satisfies CertificateRow;
}

const listedRow = (ctx: AppContext, r: ListedCertificate) =>
  rowOf(ctx, { ...r.certificate, issuedAt: new Date(r.certificate.issuedAt) }, r);

/** GET v1/client/event/{id}/certificates. */
export async function eventCertificates(ctx: AppContext, caller: Organiser, eventId: number, q: ListCertificatesQuery) {
  await ownEvent(ctx.db, caller, eventId);
  const limit = Math.min(q.limit, PAGE_SIZE.max);
  const { rows, total } = await listCertificates(ctx.db, eventId, {
    q: q.q,
    status: q.status,
    offset: (q.page - 1) * limit,
    limit,
  });
  return { data: await Promise.all(rows.map((r) => listedRow(ctx, r))), total };
}

/** GET v1/client/event/{id}/certificates.csv: the register, audited; asks for the password again. */
export async function eventCertificatesCsv(
  ctx: AppContext,
  actor: Organiser & { confirmedAt: Date | null },
  eventId: number,
  q: ListCertificatesQuery,
) {
  const event = await ownEvent(ctx.db, actor, eventId);
  requireRecentConfirmation(actor);
  const { rows } = await listCertificates(ctx.db, eventId, { q: q.q, status: q.status, offset: 0, limit: null });
  const list = await Promise.all(rows.map((r) => listedRow(ctx, r)));
  const headers = [
    'Certificate number',
    'Name',
    'Company',
    'Email',
    'Ticket',
    'Ticket type',
    'Booking reference',
    'CPD points',
    'Issued at',
    'Revoked at',
    'Status',
    'Verify at',
  ];
  const cells: Cell[][] = list.map((c) => [
    c.number,
    c.holder_name,
    c.company,
    c.email_address,
    c.ticket_id,
    c.ticket_type,
    c.booking_reference,
    c.cpd_points,
    c.issued_at,
    c.revoked_at,
    c.status,
    c.verify_url,
  ]);
  await recordAudit(ctx.db, actor, {
    action: 'export.certificates',
    target: { type: 'event', id: eventId, label: event.title },
    details: { rows: list.length },
  });
  return { fileName: `certificates-event-${eventId}.csv`, csv: toCsv(headers, cells) };
}

async function answerOne(ctx: AppContext, eventId: number, id: number) {
  const { rows } = await listCertificates(ctx.db, eventId, { offset: 0, limit: null });
  const found = rows.find((r) => r.certificate.id === id);
  if (!found) throw notFound('Certificate');
  return listedRow(ctx, found);
}

/** POST v1/client/event/{id}/certificates: one by hand, for a ticket the door missed. */
export async function issueCertificateByHand(
  ctx: AppContext,
  caller: Organiser,
  eventId: number,
  ticketId: number,
  now = new Date(),
) {
  const event = await ownEvent(ctx.db, caller, eventId);
  const id = await ctx.db.transaction(async (tx) => {
    const settings = await lockSettings(tx, eventId);
    if (!settings?.enabled) {
      throw conflict('Turn certificates on for this event first', undefined, 'certificate.not_enabled');
    }
    if (event.startTime.getTime() > now.getTime()) {
      throw conflict('Certificates can be issued once the event has started', undefined, 'certificate.too_early');
    }
    const any = await findTicketHolder(tx, eventId, ticketId, false);
    if (!any) throw notFound('Ticket');
    const holder = await findTicketHolder(tx, eventId, ticketId);
    if (!holder) {
      throw conflict(
        'This ticket was refunded or replaced: issue the certificate to its current ticket',
        undefined,
        'certificate.ticket_not_valid',
      );
    }
    if (await findLiveCertificateOfTicket(tx, ticketId)) {
      throw conflict('This ticket already has a certificate', undefined, 'certificate.already_issued');
    }
    const row = await issueOne(ctx, tx, event, settings, holder, 'manual', caller.accountId, now);
    await recordAudit(tx, caller, {
      action: 'certificate.issued',
      target: { type: 'event', id: eventId, label: event.title },
      details: { certificate: row.number, ticket: ticketId },
    });
    return row.id;
  });
  return answerOne(ctx, eventId, id);
}

/** POST …/certificates/{certificate_id}/reissue: revokes it and issues a new one with the ticket's current name. */
export async function reissueCertificate(
  ctx: AppContext,
  caller: Organiser,
  eventId: number,
  certificateId: number,
  now = new Date(),
) {
  const event = await ownEvent(ctx.db, caller, eventId);
  const id = await ctx.db.transaction(async (tx) => {
    const settings = (await lockSettings(tx, eventId)) ?? null;
    const old = await findCertificate(tx, eventId, certificateId);
    if (!old) throw notFound('Certificate');
    if (old.revokedAt || !(await revokeCertificate(tx, old.id, now))) {
      throw conflict('This certificate was revoked already', undefined, 'certificate.revoked');
    }
    // The ticket as it is now: after a rename, its live row (the old row was replaced).
    const holder =
      (await findTicketHolder(tx, eventId, old.eTicketId)) ??
      (await findTicketHolder(tx, eventId, old.eTicketId, false));
    if (!holder) throw notFound('Ticket');
    const row = await issueOne(
      ctx,
      tx,
      event,
      { ...(settings ?? ({} as SettingsRow)), cpdHalfPoints: old.cpdHalfPoints },
      holder,
      'reissue',
      caller.accountId,
      now,
    );
    await setReplacedBy(tx, old.id, row.id);
    await recordAudit(tx, caller, {
      action: 'certificate.reissued',
      target: { type: 'event', id: eventId, label: event.title },
      details: { revoked: old.number, issued: row.number },
    });
    return row.id;
  });
  return answerOne(ctx, eventId, id);
}

/** POST …/certificates/{certificate_id}/revoke. */
export async function revokeCertificateByHand(
  ctx: AppContext,
  caller: Organiser,
  eventId: number,
  certificateId: number,
  now = new Date(),
) {
  const event = await ownEvent(ctx.db, caller, eventId);
  await ctx.db.transaction(async (tx) => {
    const old = await findCertificate(tx, eventId, certificateId);
    if (!old) throw notFound('Certificate');
    if (!(await revokeCertificate(tx, old.id, now))) {
      throw conflict('This certificate was revoked already', undefined, 'certificate.revoked');
    }
    await recordAudit(tx, caller, {
      action: 'certificate.revoked',
      target: { type: 'event', id: eventId, label: event.title },
      details: { certificate: old.number },
    });
  });
  return answerOne(ctx, eventId, certificateId);
}

/** The certificate a code names, when the code is genuine and the certificate exists. */
async function certificateOfCode(ctx: AppContext, code: string) {
  for (const key of (await ticketPublicKeys(ctx)).keys) {
    const verified = await verifyCertificateCode(key.public_key, code);
    if (!verified.ok) continue;
    const c = await findCertificateById(ctx.db, verified.payload.certificateId);
    return c && c.eventId === verified.payload.eventId ? c : undefined;
  }
  return undefined;
}

/** GET v1/certificates/verify/{code}: valid, revoked or not valid, to anyone. */
export async function verifyCertificate(ctx: AppContext, code: string): Promise<VerifyCertificateAnswer> {
  const c = await certificateOfCode(ctx, code);
  if (!c) return { result: 'not_valid', certificate: null, revoked: null };
  if (c.revokedAt) {
    return {
      result: 'revoked',
      certificate: null,
      revoked: { number: c.number, revoked_at: c.revokedAt.toISOString() },
    };
  }
  const event = await findEvent(ctx.db, c.eventId);
  if (!event) return { result: 'not_valid', certificate: null, revoked: null };
  const settings = await findSettings(ctx.db, c.eventId);
  return {
    result: 'valid',
    certificate: {
      number: c.number,
      holder_name: c.holderName,
      event_title: event.title,
      start_time: event.startTime.toISOString(),
      end_time: event.endTime.toISOString(),
      cpd_points: points(c.cpdHalfPoints),
      accrediting_body: settings?.accreditingBody ?? null,
      organiser: event.organiser,
      issued_at: c.issuedAt.toISOString(),
    },
    revoked: null,
  };
}

/** A certificate's PDF, or null when it does not exist. */
async function pdfOfCertificate(ctx: AppContext, c: CertificateRecord) {
  const event = await findEvent(ctx.db, c.eventId);
  if (!event) return null;
  const settings = await findSettings(ctx.db, c.eventId);
  const code = await codeOf(ctx, c);
  return certificatePdf({
    number: c.number,
    holderName: c.holderName,
    company: c.company,
    eventTitle: event.title,
    when: certificateDates(event.startTime, event.endTime),
    venue: event.location,
    points: c.cpdHalfPoints ? String(points(c.cpdHalfPoints)) : null,
    accreditingBody: settings?.accreditingBody ?? null,
    organiser: event.organiser,
    signatoryName: settings?.signatoryName ?? null,
    signatoryTitle: settings?.signatoryTitle ?? null,
    issuedOn: formatShortDate(c.issuedAt.toISOString()),
    verifyUrl: verifyUrlOf(ctx, code),
  });
}

/** GET v1/certificates/{code}/certificate.pdf: a live certificate's PDF; a revoked, unknown or forged one is 404. */
export async function certificatePdfOfCode(ctx: AppContext, code: string) {
  const c = await certificateOfCode(ctx, code);
  const pdf = c && !c.revokedAt ? await pdfOfCertificate(ctx, c) : null;
  if (!c || !pdf) throw notFound('Certificate');
  return { pdf, fileName: `certificate-${c.number}.pdf` };
}

/** The mail's attachment, rebuilt when the mail is sent (features/wiring.ts registers it). */
export const certificatePdfSource: { kind: string; resolve: AttachmentResolver } = {
  kind: CERTIFICATE_PDF_SOURCE,
  async resolve(ctx, id) {
    const c = await findCertificateById(ctx.db, Number(id));
    const pdf = c ? await pdfOfCertificate(ctx, c) : null;
    if (!pdf) throw new Error(`certificate ${id} has no PDF to attach`);
    return pdf;
  },
};

/** The E-tickets page's link per ticket: its live certificate, if any (features/wiring.ts lends it to e-tickets). */
export async function certificateLinksOf(ctx: AppContext, ticketIds: number[]) {
  const rows = await findLiveCertificatesOfTickets(ctx.db, ticketIds);
  const links = new Map<number, { id: number; number: string; pdf_url: string; verify_url: string }>();
  for (const c of rows) {
    const code = await codeOf(ctx, c);
    links.set(c.eTicketId, {
      id: c.id,
      number: c.number,
      pdf_url: pdfUrlOf(ctx, code),
      verify_url: verifyUrlOf(ctx, code),
    });
  }
  return links;
}
