import { defineMessages } from './catalog';

// The public contact form (spec admin 2.23, 8) and the operators' contact requests.
export const contactMessages = defineMessages({
  'contact.tooLong': { en: 'is too long', de: 'ist zu lang' },
  'contact.termsRequired': { en: 'must be accepted', de: 'muss bestätigt werden' },
  'contact.sent': {
    en: 'Thank you! Your request has been sent; a confirmation is on its way to your e-mail address.',
    de: 'Vielen Dank! Ihre Anfrage ist angekommen; eine Bestätigung ist unterwegs an Ihre E-Mail-Adresse.',
  },
  'contact.tooLarge': {
    en: 'The request is too large: the message may have 5,000 characters at most.',
    de: 'Die Anfrage ist zu groß: Die Nachricht darf höchstens 5.000 Zeichen haben.',
  },
  'contact.notAForm': {
    en: 'Send the contact form as multipart/form-data.',
    de: 'Bitte senden Sie das Kontaktformular als multipart/form-data.',
  },
  'contact.tooFast': {
    en: 'The form was sent too quickly. Please check your details and send it again.',
    de: 'Das Formular wurde zu schnell gesendet. Bitte prüfen Sie Ihre Angaben und senden Sie es noch einmal.',
  },
  'contact.formExpired': {
    en: 'The form has expired. Please reload the page and send it again.',
    de: 'Das Formular ist abgelaufen. Bitte laden Sie die Seite neu und senden Sie es noch einmal.',
  },
  'contact.automated': {
    en: 'This request looks automated and was not accepted. Please send the form from the contact page.',
    de: 'Diese Anfrage sieht automatisiert aus und wurde nicht angenommen. Bitte senden Sie das Formular über die Kontaktseite.',
  },
  'contact.rateLimited': {
    en: 'Too many requests from your network. Please try again in an hour or write to {email}.',
    de: 'Zu viele Anfragen aus Ihrem Netzwerk. Bitte versuchen Sie es in einer Stunde noch einmal oder schreiben Sie an {email}.',
  },
  'contact.notFound': { en: 'This contact request does not exist.', de: 'Diese Kontaktanfrage gibt es nicht.' },
  'contact.operatorsOnly': { en: 'Only platform operators see contact requests.', de: 'Kontaktanfragen sehen nur Plattform-Betreiber.' },
});
