import { DateTime } from 'luxon';
import { escapeHtml, escapeHtmlLines } from '../../domain/html';
import { translate, type Locale, type MessageKey, type MessageParams } from '../../domain/messages';
import { formatEuro } from '../../domain/money';
import { monthTitle } from '../../domain/settlement/month';
import type { TMailParam } from './mail.types';

// The one layout of every e-mail, in the recipient's language: greeting, the message (paragraphs),
// the admin's note, the deep link as a button and as a plain address, sign-off and a footer naming
// the studio group. Pure: the same input gives the same e-mail, as text and as HTML in which every
// value is escaped.

export type MailTemplateInput = {
  locale: Locale;
  studioGroupName: string;
  /** The first name of the greeting; 'Hello,' without one. */
  recipientName?: string | null;
  subjectKey: MessageKey;
  bodyKey: MessageKey;
  params?: Record<string, TMailParam>;
  note?: string | null;
  link?: { url: string; labelKey: MessageKey } | null;
  /** A free subject instead of subjectKey's text. */
  subjectText?: string | null;
  /** A sanitised HTML body instead of bodyKey's text, greeting and sign-off (the admin wrote them). */
  bodyHtml?: string | null;
};

export type RenderedEmail = { subject: string; text: string; html: string };

const INTL_LOCALE: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };
/** Dates as the spec writes them (DD.MM.YYYY), and the British order in English. */
const DATE_FORMAT: Record<Locale, string> = { de: 'dd.MM.yyyy', en: 'dd/MM/yyyy' };

/** A month's title per language, made once: a batch of e-mails names the same month (luxon's Intl formatting costs ~0.3 ms a call). */
const monthTitles = new Map<string, string>();
function monthTitleOf(lastDay: string, locale: Locale): string {
  const key = `${locale}:${lastDay}`;
  let title = monthTitles.get(key);
  if (title === undefined) {
    title = monthTitle(lastDay, INTL_LOCALE[locale]);
    if (monthTitles.size > 1000) monthTitles.clear();
    monthTitles.set(key, title);
  }
  return title;
}

/** `{ month }` and `{ date }` values in the recipient's language; strings and numbers as they are. */
export function resolveMailParams(params: Record<string, TMailParam>, locale: Locale): MessageParams {
  const resolved: MessageParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') resolved[name] = value;
    else if ('month' in value) resolved[name] = monthTitleOf(value.month, locale);
    else if ('cents' in value) resolved[name] = formatEuro(value.cents, INTL_LOCALE[locale]);
    else resolved[name] = DateTime.fromISO(value.date).toFormat(DATE_FORMAT[locale]);
  }
  return resolved;
}

export { escapeHtml };

const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** The plain-text part of a (sanitised) HTML body: block ends and <br> become line breaks, tags go, entities are decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|ul|ol|blockquote)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A line of HTML text: escaped, with its line breaks kept. */
const htmlLines = escapeHtmlLines;

// Inline styles only: mail clients drop <style> blocks and external CSS.
const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const ACCENT = '#3b46d4';

export function renderEmail(input: MailTemplateInput): RenderedEmail {
  const { locale, studioGroupName } = input;
  const params: MessageParams = { ...resolveMailParams(input.params ?? {}, locale), studioGroup: studioGroupName };
  const say = (key: MessageKey, extra: MessageParams = {}) => translate(locale, key, { ...params, ...extra });

  // A header is one line: a line break in a name must not start a new header or an empty subject.
  const subject = (input.subjectText?.trim() ? input.subjectText : say(input.subjectKey)).replace(/\s+/g, ' ').trim();
  const bodyHtml = input.bodyHtml?.trim() ? input.bodyHtml : null;
  const name = input.recipientName?.trim();
  const greeting = name ? say('mail.layout.greeting', { name }) : say('mail.layout.greetingNoName');
  const body = paragraphsOf(say(input.bodyKey));
  const note = input.note?.replace(/\r\n?/g, '\n').trim() || null;
  const noteIntro = say('mail.layout.note');
  const link = input.link ? { url: input.link.url, label: say(input.link.labelKey) } : null;
  const linkFallback = say('mail.layout.linkFallback');
  const signOff = say('mail.layout.signOff');
  const footer = say('mail.layout.footer');

  const text = [
    ...(bodyHtml ? [htmlToText(bodyHtml)] : [greeting, ...body]),
    ...(note ? [`${noteIntro}\n${note.split('\n').map((line) => `> ${line}`).join('\n')}`] : []),
    ...(link ? [`${link.label}:\n${link.url}`] : []),
    ...(bodyHtml ? [] : [`${signOff}\n${studioGroupName}`]),
    `-- \n${footer}`,
  ].join('\n\n');

  const paragraph = (content: string, style = '') => `<p style="margin:0 0 16px;${style}">${content}</p>`;
  const html = `<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f3f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5;${FONT};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;border:1px solid #e9ecef;">
<tr><td style="padding:20px 32px;border-bottom:1px solid #e9ecef;font-size:18px;font-weight:700;color:#212529;">${escapeHtml(studioGroupName)}</td></tr>
<tr><td style="padding:28px 32px 12px;font-size:15px;line-height:1.55;color:#212529;">
${bodyHtml ? `<div style="margin:0 0 16px;">${bodyHtml}</div>` : `${paragraph(escapeHtml(greeting))}\n${body.map((text) => paragraph(htmlLines(text))).join('\n')}`}
${
  note
    ? `${paragraph(escapeHtml(noteIntro), 'margin-bottom:6px;font-weight:600;')}
<div style="margin:0 0 16px;padding:10px 14px;border-left:3px solid ${ACCENT};background:#f8f9fa;color:#343a40;">${htmlLines(note)}</div>`
    : ''
}
${
  link
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 20px;"><tr><td style="border-radius:6px;background:${ACCENT};">
<a href="${escapeHtml(link.url)}" style="display:inline-block;padding:11px 22px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;">${escapeHtml(link.label)}</a>
</td></tr></table>
${paragraph(`${escapeHtml(linkFallback)}<br><a href="${escapeHtml(link.url)}" style="color:${ACCENT};word-break:break-all;">${escapeHtml(link.url)}</a>`, 'font-size:13px;color:#495057;')}`
    : ''
}
${bodyHtml ? '' : paragraph(`${escapeHtml(signOff)}<br>${escapeHtml(studioGroupName)}`)}
</td></tr>
<tr><td style="padding:16px 32px 20px;border-top:1px solid #e9ecef;font-size:12px;line-height:1.5;color:#868e96;">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
