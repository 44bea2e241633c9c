// Texts of the operators' contact requests (admin app, /admin/contact-requests), registered as
// `contactRequests` in web/src/shared/i18n/{en,de}.ts.

export const contactRequestsEn = {
  nav: 'Contact requests',
  title: 'Contact requests',
  description: 'Requests from the public website’s contact form, newest first. Answer them, then mark them handled.',
  filter: { open: 'Open', handled: 'Handled', all: 'All' },
  empty: { open: 'No open contact requests.', handled: 'No handled contact requests yet.', all: 'No contact requests yet.' },
  columns: { received: 'Received', company: 'Company', name: 'Name', email: 'E-mail' },
  select: 'Choose a request on the left to read it.',
  fields: { company: 'Company', name: 'Name', email: 'E-mail', phone: 'Phone', language: 'Language', received: 'Received', message: 'Message' },
  none: 'not given',
  noMessage: 'No message.',
  open: 'Open',
  handledBy: 'Handled {{date}} by {{name}}',
  markHandled: 'Mark handled',
  reopen: 'Open again',
  markedHandled: 'Marked handled.',
  reopened: 'Open again.',
  reply: 'Reply by e-mail',
  loadError: 'The contact requests could not be loaded.',
};

export const contactRequestsDe: typeof contactRequestsEn = {
  nav: 'Kontaktanfragen',
  title: 'Kontaktanfragen',
  description: 'Anfragen aus dem Kontaktformular der Website, neueste zuerst. Beantworte sie und markiere sie dann als erledigt.',
  filter: { open: 'Offen', handled: 'Erledigt', all: 'Alle' },
  empty: { open: 'Keine offenen Kontaktanfragen.', handled: 'Noch keine erledigten Kontaktanfragen.', all: 'Noch keine Kontaktanfragen.' },
  columns: { received: 'Eingang', company: 'Unternehmen', name: 'Name', email: 'E-Mail' },
  select: 'Wähle links eine Anfrage, um sie zu lesen.',
  fields: { company: 'Unternehmen', name: 'Name', email: 'E-Mail', phone: 'Telefon', language: 'Sprache', received: 'Eingang', message: 'Nachricht' },
  none: 'keine Angabe',
  noMessage: 'Keine Nachricht.',
  open: 'Offen',
  handledBy: 'Erledigt am {{date}} von {{name}}',
  markHandled: 'Als erledigt markieren',
  reopen: 'Wieder öffnen',
  markedHandled: 'Als erledigt markiert.',
  reopened: 'Wieder offen.',
  reply: 'Per E-Mail antworten',
  loadError: 'Die Kontaktanfragen konnten nicht geladen werden.',
};
