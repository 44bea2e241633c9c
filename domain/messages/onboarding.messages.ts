import { defineMessages } from './catalog';

// The operator console's onboarding of studio groups (docs/onboarding.md) and the suspension guard.
export const onboardingMessages = defineMessages({
  'onboarding.operatorsOnly': { en: 'Only platform operators onboard studio groups.', de: 'Studiogruppen legen nur Plattform-Betreiber an.' },
  'onboarding.notFound': { en: 'This studio group does not exist.', de: 'Diese Studiogruppe gibt es nicht.' },
  'onboarding.slugFormat': {
    en: 'must be 3 to 40 lower-case letters, digits and single hyphens (e.g. fit-berlin)',
    de: 'muss aus 3 bis 40 Kleinbuchstaben, Ziffern und einzelnen Bindestrichen bestehen (z. B. fit-berlin)',
  },
  'onboarding.languageUnknown': { en: 'must be de or en', de: 'muss de oder en sein' },
  'onboarding.languagesRequired': { en: 'needs at least one language', de: 'braucht mindestens eine Sprache' },
  'onboarding.languageTwice': { en: 'names a language twice', de: 'nennt eine Sprache doppelt' },
  'onboarding.reasonTooLong': { en: 'may have 1,000 characters at most', de: 'darf höchstens 1.000 Zeichen haben' },
  'onboarding.nameTaken': {
    en: 'A studio group named "{name}" already exists. Choose another name.',
    de: 'Es gibt schon eine Studiogruppe namens „{name}“. Bitte einen anderen Namen wählen.',
  },
  'onboarding.slugTaken': {
    en: 'The API key "{apiSlug}" is already taken by another studio group. Choose another one.',
    de: 'Der API-Schlüssel „{apiSlug}“ gehört schon einer anderen Studiogruppe. Bitte einen anderen wählen.',
  },
  'onboarding.contactRequestNotFound': { en: 'This contact request does not exist.', de: 'Diese Kontaktanfrage gibt es nicht.' },
  'onboarding.contactRequestConverted': {
    en: 'A studio group has already been created from this contact request.',
    de: 'Aus dieser Kontaktanfrage wurde schon eine Studiogruppe angelegt.',
  },
  'onboarding.mandantNotFound': { en: 'This mandant does not exist.', de: 'Diesen Mandanten gibt es nicht.' },
  'onboarding.created': { en: 'Studio group "{name}" created. It is being set up.', de: 'Studiogruppe „{name}“ angelegt. Sie wird eingerichtet.' },
  'onboarding.saved': { en: 'Studio group saved.', de: 'Studiogruppe gespeichert.' },
  'onboarding.markedLive': { en: 'The studio group is live.', de: 'Die Studiogruppe ist live.' },
  'onboarding.alreadyLive': { en: 'The studio group is already live.', de: 'Die Studiogruppe ist schon live.' },
  'onboarding.suspendedNotLive': {
    en: 'A suspended studio group cannot go live. Reactivate it first.',
    de: 'Eine gesperrte Studiogruppe kann nicht live gehen. Bitte zuerst wieder freischalten.',
  },
  'onboarding.suspendedDone': {
    en: 'The studio group is suspended. Its staff can no longer change anything; its credit notes and files are kept and trainers can still download theirs.',
    de: 'Die Studiogruppe ist gesperrt. Ihre Mitarbeitenden können nichts mehr ändern; Gutschriften und Dateien bleiben erhalten, Trainer können ihre weiter herunterladen.',
  },
  'onboarding.alreadySuspended': { en: 'The studio group is already suspended.', de: 'Die Studiogruppe ist schon gesperrt.' },
  'onboarding.reactivated': { en: 'The studio group is active again.', de: 'Die Studiogruppe ist wieder freigeschaltet.' },
  'onboarding.notSuspended': { en: 'The studio group is not suspended.', de: 'Die Studiogruppe ist nicht gesperrt.' },
  'onboarding.groupSuspended': {
    en: 'This studio group is suspended: nothing can be changed. Viewing and downloads still work; please contact TrainerPay.',
    de: 'Diese Studiogruppe ist gesperrt: Es kann nichts geändert werden. Ansehen und Herunterladen gehen weiter; bitte wenden Sie sich an TrainerPay.',
  },
});
