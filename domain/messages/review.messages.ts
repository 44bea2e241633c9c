import { defineMessages } from './catalog';

// The review loop: previews sent to trainers, their review, comments and approvals (admin spec 2.5–2.7,
// 2.10, 4, 8; trainer portal 2–5, 8). Add keys of this feature here.
export const reviewMessages = defineMessages({
  'review.commentEmpty': { en: 'Please enter a comment.', de: 'Bitte gib einen Kommentar ein.' },
  'review.commentTooLong': { en: 'A comment may have at most 2,000 characters.', de: 'Ein Kommentar darf höchstens 2.000 Zeichen haben.' },
  'review.approvalInProgress': {
    en: 'Another approval of this trainer is being recorded right now. Please try again in a moment.',
    de: 'Gerade wird eine andere Freigabe dieses Trainers gespeichert. Bitte versuche es gleich noch einmal.',
  },
  'review.lockedCompanyApproved': {
    en: 'This preview has been approved already and cannot be edited anymore.',
    de: 'Diese Vorschau wurde bereits freigegeben und kann nicht mehr bearbeitet werden.',
  },
  'review.lockedPdfCreated': {
    en: 'The credit note has been created; this settlement cannot be edited anymore.',
    de: 'Die Gutschrift wurde erstellt; diese Abrechnung kann nicht mehr bearbeitet werden.',
  },
  'review.previewCreated': { en: 'Review for {trainer} created', de: 'Review für {trainer} erstellt' },
  'review.previewNotConnected': {
    en: 'Trainer account for {trainer} is not connected. Review is not available.',
    de: 'Trainerkonto für {trainer} ist nicht verbunden. Review ist nicht verfügbar.',
  },
  'review.previewFailed': { en: 'Review for {trainer} has not been created', de: 'Review für {trainer} wurde nicht erstellt' },
  'review.previewAlreadySent': { en: 'Preview for {trainer} was sent already; not sent again.', de: 'Vorschau für {trainer} wurde bereits gesendet; nicht erneut gesendet.' },
  'review.previewSendStarted': { en: 'Sending previews to {count:trainer:trainers} …', de: 'Vorschauen werden an {count:Trainer:Trainer} gesendet …' },
  'review.previewSendFinished': { en: 'Previews sent: {created} created, {skipped} skipped, {failed} failed.', de: 'Vorschauen gesendet: {created} erstellt, {skipped} übersprungen, {failed} fehlgeschlagen.' },
  'review.notificationPreview': {
    en: 'Your settlement preview for {month} is ready for review.',
    de: 'Deine Abrechnungsvorschau für {month} ist bereit zur Prüfung.',
  },
  'review.approvedAll': {
    en: '{approved:trainer:trainers} approved by the company; {locked} locked.',
    de: '{approved:Trainer:Trainer} vom Unternehmen freigegeben; {locked} gesperrt.',
  },
  'review.approvedByCompany': { en: '{trainer} approved by the company', de: '{trainer} vom Unternehmen freigegeben' },
  'review.approvalRevokedByCompany': { en: 'Company approval of {trainer} withdrawn', de: 'Freigabe von {trainer} durch das Unternehmen zurückgenommen' },
  'review.approvedByTrainer': { en: '{trainer} approved the preview', de: '{trainer} hat die Vorschau freigegeben' },
  'review.approvalRevokedByTrainer': { en: '{trainer} withdrew the approval', de: '{trainer} hat die Freigabe zurückgenommen' },
  'review.locationApproved': { en: '{location} approved for {trainer}', de: '{location} für {trainer} freigegeben' },
  'review.locationApprovalRevoked': { en: 'Approval of {location} for {trainer} withdrawn', de: 'Freigabe von {location} für {trainer} zurückgenommen' },
  'review.previewNotSent': { en: 'No preview was sent to {trainer} yet.', de: 'An {trainer} wurde noch keine Vorschau gesendet.' },
  'review.reviewRequired': { en: 'Send previews only for a settlement with trainer review.', de: 'Vorschauen gibt es nur für eine Abrechnung mit Trainer-Review.' },
  'review.trainerNotInSettlement': { en: 'This trainer is not part of this settlement.', de: 'Dieser Trainer ist nicht Teil dieser Abrechnung.' },
  'review.previewSending': { en: 'Previews are being sent; please wait until that is finished.', de: 'Vorschauen werden gerade gesendet; bitte warte, bis das fertig ist.' },
  'review.noData': { en: 'No data found', de: 'Keine Daten gefunden' },
  'review.saved': { en: 'Review saved.', de: 'Review gespeichert.' },
  'review.notFound': { en: 'There is no review for this settlement.', de: 'Für diese Abrechnung gibt es kein Review.' },
  'review.rowNotFound': { en: 'The review has no row {row}.', de: 'Das Review hat keine Zeile {row}.' },
  'review.trainerRequired': { en: 'Please name the trainer (trainerAccountUuid or trainerUuid).', de: 'Bitte gib den Trainer an (trainerAccountUuid oder trainerUuid).' },
  'review.classHashUnknown': {
    en: 'This class is not part of the settlement; comment on one of its classes or the overall feedback.',
    de: 'Dieser Kurs gehört nicht zur Abrechnung; kommentiere einen ihrer Kurse oder das Gesamtfeedback.',
  },
  'review.locationNotOfTrainer': { en: 'The trainer taught no class at this location in this settlement.', de: 'Der Trainer hat in dieser Abrechnung an diesem Standort keinen Kurs gegeben.' },
});
