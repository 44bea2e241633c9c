import { describe, expect, it } from 'vitest';
import { mailMessages } from '../../domain/messages/mail.messages';
import { escapeHtml, renderEmail, resolveMailParams } from './template';
import { outboxKey, outboxKeyPrefix, parseOutboxKey } from '../../db/outbox-key';
import { fromDomain } from './mailer';

const preview = {
  studioGroupName: 'Demo Fitness Group',
  recipientName: 'Maria',
  subjectKey: 'mail.preview.subject',
  bodyKey: 'mail.preview.body',
  params: { month: { month: '2026-03-31' } },
  link: { url: 'https://pay.example/de/trainer/studio/abc/credit-notes/preview', labelKey: 'mail.preview.action' },
} as const;

describe('renderEmail', () => {
  it('writes a German e-mail with the month in German, the deep link and the studio group in the footer', () => {
    const mail = renderEmail({ ...preview, locale: 'de' });
    expect(mail.subject).toBe('Demo Fitness Group: Deine Abrechnung für März 2026 ist bereit zur Prüfung');
    expect(mail.text.startsWith('Hallo Maria,\n\nDemo Fitness Group hat deine Abrechnung für März 2026 vorbereitet.\n\nBitte prüfe')).toBe(true);
    expect(mail.text).toContain('Abrechnung prüfen:\nhttps://pay.example/de/trainer/studio/abc/credit-notes/preview');
    expect(mail.text).toContain('Viele Grüße\nDemo Fitness Group');
    expect(mail.text).toContain('-- \nDiese E-Mail hat TrainerPay im Auftrag von Demo Fitness Group versendet.');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('href="https://pay.example/de/trainer/studio/abc/credit-notes/preview"');
    expect(mail.html).toContain('>Abrechnung prüfen</a>');
  });

  it('writes the same e-mail in English', () => {
    const mail = renderEmail({ ...preview, locale: 'en', link: { ...preview.link, url: 'https://pay.example/en/x' } });
    expect(mail.subject).toBe('Demo Fitness Group: your settlement for March 2026 is ready for review');
    expect(mail.text.startsWith('Hello Maria,\n\nDemo Fitness Group has prepared your settlement for March 2026.')).toBe(true);
    expect(mail.text).toContain('Review settlement:\nhttps://pay.example/en/x');
    expect(mail.text).toContain('This e-mail was sent by TrainerPay on behalf of Demo Fitness Group.');
  });

  it('greets without a name and leaves out the link block without a link', () => {
    const mail = renderEmail({ ...preview, locale: 'en', recipientName: '  ', link: null });
    expect(mail.text.startsWith('Hello,\n\n')).toBe(true);
    expect(mail.html).not.toContain('<a ');
  });

  it('quotes the admin note in the text and escapes every value in the HTML', () => {
    const mail = renderEmail({
      ...preview,
      locale: 'de',
      studioGroupName: 'Yoga <b>&</b> Co',
      recipientName: '<img src=x onerror=alert(1)>',
      note: 'Bitte bis Freitag prüfen.\n<script>alert("x")</script>',
    });
    expect(mail.text).toContain('Eine Nachricht von Yoga <b>&</b> Co:\n> Bitte bis Freitag prüfen.\n> <script>alert("x")</script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Bitte bis Freitag prüfen.<br>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('Yoga &lt;b&gt;&amp;&lt;/b&gt; Co');
  });

  it('keeps the subject on one line', () => {
    const mail = renderEmail({ ...preview, locale: 'en', studioGroupName: 'Evil\r\nBcc: x@example.com' });
    expect(mail.subject).toBe('Evil Bcc: x@example.com: your settlement for March 2026 is ready for review');
  });

  it('writes dates and months in the recipient language', () => {
    expect(resolveMailParams({ month: { month: '2026-05' }, date: { date: '2026-10-05' }, n: 3 }, 'de')).toEqual({ month: 'Mai 2026', date: '05.10.2026', n: 3 });
    expect(resolveMailParams({ month: { month: '2026-05-31' }, date: { date: '2026-10-05' } }, 'en')).toEqual({ month: 'May 2026', date: '05/10/2026' });
  });

  it('has every e-mail text in both languages with the same placeholders', () => {
    for (const [key, text] of Object.entries(mailMessages)) {
      const placeholders = (template: string) => [...template.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();
      expect(placeholders(text.de), key).toEqual(placeholders(text.en));
    }
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('outbox keys', () => {
  const studioGroupUuid = '0B5C9A4E-1111-4222-8333-444455556666';

  it('name the studio group first, so a group reads its e-mails by prefix', () => {
    const key = outboxKey({ studioGroupUuid, purpose: 'settlement-preview', reference: 'abc:def' });
    expect(key).toBe('0b5c9a4e-1111-4222-8333-444455556666:settlement-preview:abc:def');
    expect(key.startsWith(outboxKeyPrefix(studioGroupUuid))).toBe(true);
    expect(parseOutboxKey(key)).toEqual({ studioGroupUuid: studioGroupUuid.toLowerCase(), purpose: 'settlement-preview', reference: 'abc:def' });
    expect(parseOutboxKey('no-key')).toBeNull();
  });
});

describe('fromDomain', () => {
  it('reads the domain of the From address for Message-IDs', () => {
    expect(fromDomain('TrainerPay <no-reply@trainerpay.test>')).toBe('trainerpay.test');
    expect(fromDomain('mail@studio.example')).toBe('studio.example');
    expect(fromDomain('nobody')).toBe('trainerpay.invalid');
  });
});
