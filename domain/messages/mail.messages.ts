import { defineMessages } from './catalog';

// E-mails: the layout every e-mail shares (greeting, deep link, footer), the subjects, bodies and
// button texts of the e-mails to trainers, and the outbox page's refusals. Blank lines in a body
// separate paragraphs. `{studioGroup}` and `{trainer}` are always available.
export const mailMessages = defineMessages({
  // --- layout ---------------------------------------------------------------------------------
  'mail.layout.greeting': { en: 'Hello {name},', de: 'Hallo {name},' },
  'mail.layout.greetingNoName': { en: 'Hello,', de: 'Hallo,' },
  'mail.layout.note': { en: 'A message from {studioGroup}:', de: 'Eine Nachricht von {studioGroup}:' },
  'mail.layout.linkFallback': {
    en: 'If the button does not work, copy this address into your browser:',
    de: 'Falls der Button nicht funktioniert, kopiere diese Adresse in deinen Browser:',
  },
  'mail.layout.signOff': { en: 'Kind regards,', de: 'Viele Grüße' },
  'mail.layout.footer': {
    en: 'This e-mail was sent by TrainerPay on behalf of {studioGroup}. It was sent automatically; please do not reply to it.',
    de: 'Diese E-Mail hat TrainerPay im Auftrag von {studioGroup} versendet. Sie wurde automatisch erstellt; bitte antworte nicht darauf.',
  },

  // --- settlement preview (wizard v2, step 'send preview', spec 2.6) ---------------------------
  'mail.preview.subject': {
    en: '{studioGroup}: your settlement for {month} is ready for review',
    de: '{studioGroup}: Deine Abrechnung für {month} ist bereit zur Prüfung',
  },
  'mail.preview.body': {
    en: '{studioGroup} has prepared your settlement for {month}.\n\nPlease check your classes and amounts. Approve them if everything is right, or comment on a class if something is missing or wrong.',
    de: '{studioGroup} hat deine Abrechnung für {month} vorbereitet.\n\nBitte prüfe deine Kurse und Beträge. Gib sie frei, wenn alles stimmt, oder kommentiere einen Kurs, wenn etwas fehlt oder falsch ist.',
  },
  'mail.preview.action': { en: 'Review settlement', de: 'Abrechnung prüfen' },

  // --- credit note (wizard v2, step 'credit notes', spec 2.8/2.9) --------------------------------
  'mail.creditNote.subject': {
    en: '{studioGroup}: your credit note {number} for {month}',
    de: '{studioGroup}: Deine Gutschrift {number} für {month}',
  },
  'mail.creditNote.body': {
    en: '{studioGroup} has issued your credit note {number} for {month} over {gross}.\n\nThe amount will be paid to your bank account. You can download the credit note in TrainerPay.',
    de: '{studioGroup} hat deine Gutschrift {number} für {month} über {gross} ausgestellt.\n\nDer Betrag wird auf dein Bankkonto überwiesen. Die Gutschrift kannst du in TrainerPay herunterladen.',
  },
  'mail.creditNote.action': { en: 'Open credit notes', de: 'Gutschriften öffnen' },

  // --- outbox page ------------------------------------------------------------------------------
  'mail.outbox.notFound': { en: 'E-mail not found.', de: 'E-Mail nicht gefunden.' },
});
