import { defineMessages } from './catalog';

// Invitations, sign-up, studio connections, e-mail confirmation, password reset, referral
// and studio group logos: the server's answers and the e-mails, in de and en.
export const accountMessages = defineMessages({
  // --- links (invitation, reset, confirmation) -----------------------------------------------------
  'account.link.invalid': {
    en: 'This link is not valid. Please use the complete link from the e-mail.',
    de: 'Dieser Link ist ungültig. Bitte verwende den vollständigen Link aus der E-Mail.',
  },
  'account.link.expired': {
    en: 'This link has expired. Please ask for a new one.',
    de: 'Dieser Link ist abgelaufen. Bitte fordere einen neuen an.',
  },
  'account.link.used': {
    en: 'This link has already been used. Please ask for a new one if you still need it.',
    de: 'Dieser Link wurde bereits verwendet. Bitte fordere einen neuen an, falls du ihn noch brauchst.',
  },

  // --- invitations ----------------------------------------------------------------------------------
  'account.invitation.notPending': {
    en: 'This invitation is no longer open: it was accepted, declined or withdrawn.',
    de: 'Diese Einladung ist nicht mehr offen: Sie wurde angenommen, abgelehnt oder zurückgezogen.',
  },
  'account.invitation.notFound': { en: 'Invitation not found.', de: 'Einladung nicht gefunden.' },
  'account.invitation.alreadyPending': {
    en: 'This trainer already has an open invitation. Send it again or withdraw it first.',
    de: 'Dieser Trainer hat bereits eine offene Einladung. Sende sie erneut oder ziehe sie zuerst zurück.',
  },
  'account.invitation.alreadyConnected': {
    en: 'This trainer is already connected to a portal account.',
    de: 'Dieser Trainer ist bereits mit einem Portal-Konto verbunden.',
  },
  'account.invitation.accountConnectedHere': {
    en: 'This account is already connected to another trainer of this studio group.',
    de: 'Dieses Konto ist bereits mit einem anderen Trainer dieser Studiogruppe verbunden.',
  },
  'account.invitation.staffAddress': {
    en: 'This e-mail address belongs to a staff account and cannot be invited as a trainer.',
    de: 'Diese E-Mail-Adresse gehört zu einem Mitarbeiterkonto und kann nicht als Trainer eingeladen werden.',
  },
  'account.invitation.hasAccount': {
    en: 'An account with this e-mail address exists. Please log in to accept the invitation.',
    de: 'Mit dieser E-Mail-Adresse gibt es bereits ein Konto. Bitte melde dich an, um die Einladung anzunehmen.',
  },
  'account.invitation.sent': { en: 'Invitation sent to {email}.', de: 'Einladung an {email} gesendet.' },
  'account.invitation.resent': { en: 'Invitation sent again to {email}.', de: 'Einladung erneut an {email} gesendet.' },
  'account.invitation.revoked': { en: 'Invitation withdrawn.', de: 'Einladung zurückgezogen.' },
  'account.invitation.accepted': { en: 'You are now connected to {studioGroup}.', de: 'Du bist jetzt mit {studioGroup} verbunden.' },
  'account.invitation.declined': { en: 'Invitation declined.', de: 'Einladung abgelehnt.' },
  'account.signUp.done': { en: 'Your account has been created.', de: 'Dein Konto wurde angelegt.' },

  // --- studio connection ----------------------------------------------------------------------------
  'account.connection.openReview': {
    en: '{studioGroup} is waiting for your approval of a settlement. Please approve or comment on it before you disconnect.',
    de: '{studioGroup} wartet auf deine Freigabe einer Abrechnung. Bitte gib sie frei oder kommentiere sie, bevor du die Verbindung trennst.',
  },
  'account.connection.deleted': { en: 'The connection to {studioGroup} has been removed.', de: 'Die Verbindung zu {studioGroup} wurde getrennt.' },
  'account.connection.notYours': { en: 'You can only act for your own account.', de: 'Du kannst nur für dein eigenes Konto handeln.' },

  // --- e-mail confirmation and password --------------------------------------------------------------
  'account.confirmation.sent': { en: 'Confirmation email re-send.', de: 'Bestätigungs-E-Mail erneut gesendet.' },
  'account.confirmation.alreadyConfirmed': { en: 'Your e-mail address is already confirmed.', de: 'Deine E-Mail-Adresse ist bereits bestätigt.' },
  'account.confirmation.tooMany': {
    en: 'Too many confirmation e-mails. Please wait a few minutes and try again.',
    de: 'Zu viele Bestätigungs-E-Mails. Bitte warte ein paar Minuten und versuche es erneut.',
  },
  'account.confirmation.done': { en: 'Your e-mail address {email} is confirmed.', de: 'Deine E-Mail-Adresse {email} ist bestätigt.' },
  'account.confirmation.addressTaken': {
    en: 'Another account already uses this e-mail address.',
    de: 'Diese E-Mail-Adresse wird bereits von einem anderen Konto verwendet.',
  },
  'account.password.resetSent': {
    en: 'If an account exists for this address, we have sent a link to reset the password.',
    de: 'Falls es ein Konto mit dieser Adresse gibt, haben wir einen Link zum Zurücksetzen des Passworts gesendet.',
  },
  'account.password.resetDone': { en: 'Your password has been changed. You can log in now.', de: 'Dein Passwort wurde geändert. Du kannst dich jetzt anmelden.' },
  'account.password.tooMany': {
    en: 'Too many requests. Please wait a few minutes and try again.',
    de: 'Zu viele Anfragen. Bitte warte ein paar Minuten und versuche es erneut.',
  },

  // --- logo ----------------------------------------------------------------------------------------
  'account.logo.notImage': { en: 'The logo must be a PNG or JPEG image.', de: 'Das Logo muss ein PNG- oder JPEG-Bild sein.' },
  'account.logo.tooLarge': { en: 'The logo may be at most 512 KB.', de: 'Das Logo darf höchstens 512 KB groß sein.' },
  'account.logo.saved': { en: 'Logo saved.', de: 'Logo gespeichert.' },
  'account.logo.removed': { en: 'Logo removed.', de: 'Logo entfernt.' },
  'account.logo.notFound': { en: 'No logo.', de: 'Kein Logo.' },

  // --- e-mails -------------------------------------------------------------------------------------
  'mail.invitation.subject': { en: '{studioGroup} invites you to TrainerPay', de: '{studioGroup} lädt dich zu TrainerPay ein' },
  'mail.invitation.body': {
    en: '{company} invites you to receive your settlements and credit notes through TrainerPay.\n\nOpen the invitation to accept it. If you have no account yet, you set your password there. The link is valid until {date} and works once.',
    de: '{company} lädt dich ein, deine Abrechnungen und Gutschriften über TrainerPay zu erhalten.\n\nÖffne die Einladung, um sie anzunehmen. Wenn du noch kein Konto hast, legst du dort dein Passwort fest. Der Link gilt bis {date} und funktioniert einmal.',
  },
  'mail.invitation.action': { en: 'Open invitation', de: 'Einladung öffnen' },
  'mail.confirmation.subject': { en: 'Please confirm your e-mail address', de: 'Bitte bestätige deine E-Mail-Adresse' },
  'mail.confirmation.body': {
    en: 'Please confirm that {email} is your e-mail address for TrainerPay. Until then you log in with your previous address.\n\nThe link is valid for 24 hours and works once.',
    de: 'Bitte bestätige, dass {email} deine E-Mail-Adresse für TrainerPay ist. Bis dahin meldest du dich mit deiner bisherigen Adresse an.\n\nDer Link gilt 24 Stunden und funktioniert einmal.',
  },
  'mail.confirmation.action': { en: 'Confirm e-mail address', de: 'E-Mail-Adresse bestätigen' },
  'mail.passwordReset.subject': { en: 'Reset your TrainerPay password', de: 'Dein TrainerPay-Passwort zurücksetzen' },
  'mail.passwordReset.body': {
    en: 'Someone asked to reset the password of your TrainerPay account. If it was you, choose a new password with the link below. If not, ignore this e-mail: your password stays as it is.\n\nThe link is valid for one hour and works once.',
    de: 'Jemand hat das Zurücksetzen des Passworts deines TrainerPay-Kontos angefordert. Wenn du es warst, wähle über den Link unten ein neues Passwort. Wenn nicht, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.\n\nDer Link gilt eine Stunde und funktioniert einmal.',
  },
  'mail.passwordReset.action': { en: 'Choose a new password', de: 'Neues Passwort wählen' },
});
