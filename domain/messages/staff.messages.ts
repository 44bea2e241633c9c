import { defineMessages } from './catalog';

// The staff of a studio group (roles, invitations, the e-mailed link): answers and the e-mail, in de and en.
export const staffMessages = defineMessages({
  'staff.accountantReadOnly': {
    en: 'Your role in this studio group is accountant: you may read everything but not change anything. Please ask an admin of the group.',
    de: 'Deine Rolle in dieser Studiogruppe ist Buchhaltung: Du kannst alles lesen, aber nichts ändern. Bitte wende dich an einen Admin der Gruppe.',
  },
  'staff.roleUnknown': { en: 'must be admin or accountant', de: 'muss admin oder accountant sein' },
  'staff.invite.notAllowed': {
    en: 'Only an admin of this studio group or an operator may invite staff.',
    de: 'Nur ein Admin dieser Studiogruppe oder ein Operator kann Mitarbeitende einladen.',
  },
  'staff.invite.trainerAddress': {
    en: 'This e-mail address belongs to a trainer account. Staff need an address of their own.',
    de: 'Diese E-Mail-Adresse gehört zu einem Trainer-Konto. Mitarbeitende brauchen eine eigene Adresse.',
  },
  'staff.invite.operatorAddress': {
    en: 'This e-mail address belongs to a platform operator, who sees every studio group anyway.',
    de: 'Diese E-Mail-Adresse gehört zu einem Operator der Plattform, der ohnehin jede Studiogruppe sieht.',
  },
  'staff.invite.alreadyMember': {
    en: '{email} is already a member of this studio group. Change their role in the list instead.',
    de: '{email} ist bereits Mitglied dieser Studiogruppe. Ändere stattdessen die Rolle in der Liste.',
  },
  'staff.invite.alreadyPending': {
    en: '{email} already has an open invitation to this studio group. Withdraw it first to send a new one.',
    de: '{email} hat bereits eine offene Einladung in diese Studiogruppe. Ziehe sie zuerst zurück, um eine neue zu senden.',
  },
  'staff.invite.sent': { en: 'Invitation sent to {email}.', de: 'Einladung an {email} gesendet.' },
  'staff.invite.withdrawn': { en: 'Invitation to {email} withdrawn.', de: 'Einladung an {email} zurückgezogen.' },
  'staff.invite.notFound': { en: 'No open invitation with this id in this studio group.', de: 'Keine offene Einladung mit dieser Kennung in dieser Studiogruppe.' },
  'staff.member.notFound': { en: 'This person is not a member of this studio group.', de: 'Diese Person ist kein Mitglied dieser Studiogruppe.' },
  'staff.member.roleChanged': { en: 'The role of {name} is now {role}.', de: 'Die Rolle von {name} ist jetzt {role}.' },
  'staff.member.removed': { en: '{name} no longer has access to this studio group.', de: '{name} hat keinen Zugang mehr zu dieser Studiogruppe.' },
  'staff.member.lastAdmin': {
    en: 'A studio group needs at least one admin: make someone else admin first.',
    de: 'Eine Studiogruppe braucht mindestens einen Admin: Mache zuerst eine andere Person zum Admin.',
  },
  'staff.role.admin': { en: 'admin', de: 'Admin' },
  'staff.role.accountant': { en: 'accountant', de: 'Buchhaltung' },
  'staff.link.used': {
    en: 'This invitation has already been used or was withdrawn. Log in with your e-mail address and password.',
    de: 'Diese Einladung wurde bereits verwendet oder zurückgezogen. Melde dich mit deiner E-Mail-Adresse und deinem Passwort an.',
  },
  'staff.link.expired': {
    en: 'This invitation has expired. Please ask the admin of the studio group to invite you again.',
    de: 'Diese Einladung ist abgelaufen. Bitte den Admin der Studiogruppe, dich erneut einzuladen.',
  },
  'staff.link.otherAccount': {
    en: 'This e-mail address now belongs to a trainer or operator account and cannot join the staff. Please ask the admin for an invitation to another address.',
    de: 'Diese E-Mail-Adresse gehört inzwischen zu einem Trainer- oder Operator-Konto und kann nicht zum Team gehören. Bitte den Admin um eine Einladung an eine andere Adresse.',
  },
  'staff.link.wrongPassword': {
    en: 'You already have a staff account: please enter its current password to accept.',
    de: 'Du hast bereits ein Konto für Mitarbeitende: Gib bitte dessen aktuelles Passwort ein, um anzunehmen.',
  },
  'staff.link.done': { en: 'Welcome to {studioGroup}: you are logged in.', de: 'Willkommen bei {studioGroup}: Du bist angemeldet.' },

  'mail.staffInvitation.subject': { en: 'Your access to {studioGroup} on TrainerPay', de: 'Dein Zugang zu {studioGroup} bei TrainerPay' },
  'mail.staffInvitation.body': {
    en: '{inviter} invites you to the team of {company} on TrainerPay as {role}.\n\nOpen the link to set your password; then you log in with {email}. The link is valid until {date} and works once.',
    de: '{inviter} lädt dich in das Team von {company} bei TrainerPay ein, als {role}.\n\nÖffne den Link, um dein Passwort festzulegen; danach meldest du dich mit {email} an. Der Link gilt bis {date} und funktioniert einmal.',
  },
  'mail.staffInvitation.action': { en: 'Set password', de: 'Passwort festlegen' },
});
