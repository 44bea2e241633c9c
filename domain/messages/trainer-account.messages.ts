import { defineMessages } from './catalog';

// The trainer's own account and notifications in the trainer portal (spec sections 2, 7, 8).
export const trainerAccountMessages = defineMessages({
  'trainerAccount.trainerOnly': { en: 'This area is for trainers only.', de: 'Dieser Bereich ist nur für Trainer.' },
  'trainerAccount.notFound': { en: 'Error loading data', de: 'Fehler beim Laden der Daten' },
  'trainerAccount.textTooLong': { en: 'must be at most 255 characters', de: 'darf höchstens 255 Zeichen lang sein' },
  'trainerAccount.personalDataUpdated': { en: 'Personal data updated', de: 'Persönliche Daten aktualisiert' },
  'trainerAccount.bankDataUpdated': { en: 'Bank data updated', de: 'Bankdaten aktualisiert' },
  'trainerAccount.taxDataUpdated': { en: 'Tax data updated', de: 'Steuerdaten aktualisiert' },
  'trainerAccount.notificationNotFound': { en: 'Notification not found.', de: 'Benachrichtigung nicht gefunden.' },
  'trainerAccount.studioGroupNotConnected': { en: 'You are not connected to this studio group.', de: 'Du bist mit dieser Studiogruppe nicht verbunden.' },
  'trainerAccount.passwordUpdated': { en: 'Password updated', de: 'Passwort aktualisiert' },
  'trainerAccount.passwordTooShort': { en: 'must be at least 8 characters', de: 'muss mindestens 8 Zeichen lang sein' },
  'trainerAccount.passwordTooLong': { en: 'is too long', de: 'ist zu lang' },
  'trainerAccount.deleteTokenInvalid': {
    en: 'The confirmation has expired. Please open the dialog again.',
    de: 'Die Bestätigung ist abgelaufen. Bitte öffne den Dialog erneut.',
  },
  'trainerAccount.currentPasswordRequired': {
    en: 'Please enter your current password to change your e-mail address, password or IBAN or to delete your account.',
    de: 'Bitte gib dein aktuelles Passwort ein, um deine E-Mail-Adresse, dein Passwort oder deine IBAN zu ändern oder dein Konto zu löschen.',
  },
  'trainerAccount.currentPasswordWrong': { en: 'Your current password is not correct.', de: 'Dein aktuelles Passwort ist nicht korrekt.' },
  'trainerAccount.accountDeleted': { en: 'Your account has been deleted.', de: 'Dein Konto wurde gelöscht.' },
});
