import { simpleParser, type AddressObject } from 'mailparser';

/**
 * The parts of a received message that matter to a room (issue 23), read with mailparser (MIME,
 * transfer encodings and character sets as real clients write them): the From address, the
 * Authentication-Results headers, and the calendar object, from a text/calendar part (Outlook,
 * Google and Apple all send one, as an alternative or an attachment; application/ics also counts).
 */
export interface ReceivedMessage {
  from: string;
  authResults: string[];
  calendar: string | undefined;
  subject: string;
}

const firstAddress = (a: AddressObject | AddressObject[] | undefined) => {
  const list = Array.isArray(a) ? a : a ? [a] : [];
  return list.flatMap((x) => x.value).find((v) => v.address)?.address?.trim().toLowerCase() ?? '';
};

export async function parseMessage(raw: Buffer): Promise<ReceivedMessage> {
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const authResults = mail.headerLines
    .filter((h) => h.key === 'authentication-results')
    .map((h) => h.line.replace(/^[^:]*:/, '').replace(/\r?\n[ \t]+/g, ' ').trim());
  const part = mail.attachments.find((a) => /^(text\/calendar|application\/ics)$/i.test(a.contentType));
  return { from: firstAddress(mail.from), authResults, calendar: part?.content.toString('utf8'), subject: mail.subject ?? '' };
}
