import { escapeHtml, escapeHtmlLines } from '../../../domain/html';
import { fitLength } from '../../../domain/text';
import type { TContactRequestForm } from '../../../contracts/contact.contract';

// The contact form's two e-mails (spec admin 2.23): the request to the sales address, and a
// confirmation to the sender in the page's language (Spanish pages: English). Every value the
// visitor typed is escaped in the HTML part of the sales e-mail and kept as it is in its text part.
// The confirmation is fixed text: it quotes nothing the visitor typed (no message, no name), since
// anyone can type any address into the form and would otherwise send their own text to it under
// our sender.

type Lang = 'de' | 'en';
export type ContactMail = { to: string; subject: string; text: string; html: string };

/** A header is one line. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

const TEXTS = {
  de: {
    salesSubject: (company: string) => `Neue Kontaktanfrage: ${company}`,
    salesIntro: 'Über das Kontaktformular der Website ist eine neue Anfrage eingegangen:',
    labels: { company: 'Unternehmen', name: 'Name', email: 'E-Mail', phone: 'Telefon', language: 'Sprache', message: 'Nachricht' },
    none: '(keine Angabe)',
    confirmSubject: 'Ihre Anfrage bei TrainerPay',
    greeting: 'Guten Tag,',
    confirmBody: 'vielen Dank für Ihr Interesse an TrainerPay. Wir haben Ihre Anfrage erhalten und melden uns innerhalb eines Werktags bei Ihnen – mit einer Demo an Ihren eigenen Kursdaten und einem Angebot.',
    signOff: 'Viele Grüße\nIhr TrainerPay-Team',
    footer: 'Sie erhalten diese E-Mail, weil Sie auf unserer Website das Kontaktformular gesendet haben. Waren Sie das nicht, können Sie sie ignorieren.',
  },
  en: {
    salesSubject: (company: string) => `New contact request: ${company}`,
    salesIntro: 'A new request came in through the website’s contact form:',
    labels: { company: 'Company', name: 'Name', email: 'E-mail', phone: 'Phone', language: 'Language', message: 'Message' },
    none: '(not given)',
    confirmSubject: 'Your request to TrainerPay',
    greeting: 'Hello,',
    confirmBody: 'thank you for your interest in TrainerPay. We have received your request and will get back to you within one working day – with a demo on your own class data and a quote.',
    signOff: 'Kind regards,\nThe TrainerPay team',
    footer: 'You receive this e-mail because you sent the contact form on our website. If that was not you, you can ignore it.',
  },
} as const;

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const page = (lang: Lang, title: string, inner: string, footer: string) => `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f1f3f5;${FONT};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;margin:0 auto;background:#fff;border:1px solid #e9ecef;border-radius:8px;">
<tr><td style="padding:20px 32px;border-bottom:1px solid #e9ecef;font-size:18px;font-weight:700;color:#212529;">TrainerPay</td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.55;color:#212529;">${inner}</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e9ecef;font-size:12px;color:#868e96;">${escapeHtml(footer)}</td></tr>
</table></body></html>`;

export function contactMails(form: TContactRequestForm, salesEmail: string): { sales: ContactMail; confirmation: ContactMail } {
  const sender: Lang = form.language === 'de' ? 'de' : 'en';
  // The sales team reads German.
  const sales = TEXTS.de;
  const name = `${form.firstname} ${form.lastname}`;
  const rows: [string, string][] = [
    [sales.labels.company, form.company],
    [sales.labels.name, name],
    [sales.labels.email, form.email],
    [sales.labels.phone, form.phone ?? sales.none],
    [sales.labels.language, form.language],
  ];
  const message = form.message ?? sales.none;
  const salesText = [sales.salesIntro, rows.map(([label, value]) => `${label}: ${value}`).join('\n'), `${sales.labels.message}:\n${message}`].join('\n\n');
  const salesHtml = page(
    'de',
    sales.salesSubject(form.company),
    `<p style="margin:0 0 16px;">${escapeHtml(sales.salesIntro)}</p>
<table role="presentation" cellpadding="4" cellspacing="0" style="margin:0 0 16px;font-size:15px;">${rows
      .map(([label, value]) => `<tr><td style="color:#495057;padding-right:16px;vertical-align:top;">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`)
      .join('')}</table>
<p style="margin:0 0 6px;font-weight:600;">${escapeHtml(sales.labels.message)}</p>
<div style="padding:10px 14px;border-left:3px solid #3b46d4;background:#f8f9fa;">${escapeHtmlLines(message)}</div>`,
    sales.footer,
  );

  const texts = TEXTS[sender];
  const confirmText = [texts.greeting, texts.confirmBody, texts.signOff, `-- \n${texts.footer}`].join('\n\n');
  const confirmHtml = page(
    sender,
    texts.confirmSubject,
    `<p style="margin:0 0 16px;">${escapeHtml(texts.greeting)}</p>
<p style="margin:0 0 16px;">${escapeHtml(texts.confirmBody)}</p>
<p style="margin:0;">${escapeHtmlLines(texts.signOff)}</p>`,
    texts.footer,
  );

  return {
    sales: { to: salesEmail, subject: fitLength(oneLine(sales.salesSubject(form.company))), text: salesText, html: salesHtml },
    confirmation: { to: form.email, subject: texts.confirmSubject, text: confirmText, html: confirmHtml },
  };
}
