import { inject } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A message in the local mailbox (development only), as `/dev/mailbox.json` lists it. */
export interface Mail {
  id: number;
  subject: string;
  text: string;
  attachments: { filename: string }[];
  raw_url: string | null;
}

/** What the local mailbox holds for an address, newest first. */
export async function mailbox(email: string): Promise<Mail[]> {
  const res = await fetch(`${inject('baseUrl')}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { data: Mail[] }).data.sort((a, b) => b.id - a.id);
}

/** A message as it was sent (its raw MIME), read by mailparser. */
export async function rawMail(mail: Mail): Promise<ParsedMail> {
  if (!mail.raw_url) throw new Error(`mail ${mail.id} has no raw copy`);
  const raw = await fetch(`${inject('baseUrl')}${mail.raw_url}`);
  if (raw.status !== 200) throw new Error(`raw mail ${mail.id}: ${raw.status}`);
  return simpleParser(Buffer.from(await raw.arrayBuffer()));
}

/** A PDF's text, page by page (pdfjs-dist). */
export async function pdfText(data: Uint8Array): Promise<string> {
  const doc = await getDocument({ data, useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}
