import { defineMessages } from './catalog';

// Why a bank rejected or returned a payout, in words a trainer understands: the ISO 20022 External
// Status Reason and Return Reason codes (ExternalStatusReason1Code, ExternalReturnReason1Code) that
// banks use for SEPA credit transfers. Each text says what happened and what the trainer can do.
// Unknown codes fall back to 'bankReason.unknown', which names the code for the support desk.
export const bankReasonMessages = defineMessages({
  'bankReason.AC01': { en: 'The IBAN is not correct — please check your IBAN.', de: 'Die IBAN ist nicht korrekt – bitte prüfen Sie Ihre IBAN.' },
  'bankReason.AC02': { en: "The paying account's number is not valid; the studio is sorting it out with its bank.", de: 'Die Nummer des Auftraggeberkontos ist ungültig; das Studio klärt das mit seiner Bank.' },
  'bankReason.AC03': { en: 'Your account number is not valid — please check your IBAN.', de: 'Ihre Kontonummer ist ungültig – bitte prüfen Sie Ihre IBAN.' },
  'bankReason.AC04': { en: 'The account has been closed — please check your IBAN.', de: 'Das Konto ist aufgelöst – bitte prüfen Sie Ihre IBAN.' },
  'bankReason.AC06': { en: 'Your account is blocked — please contact your bank, or give us another IBAN.', de: 'Ihr Konto ist gesperrt – bitte wenden Sie sich an Ihre Bank oder nennen Sie uns eine andere IBAN.' },
  'bankReason.AC13': { en: 'Your bank does not accept this payment on this type of account — please give us another IBAN.', de: 'Ihre Bank nimmt diese Zahlung auf dieser Kontoart nicht an – bitte nennen Sie uns eine andere IBAN.' },
  'bankReason.AG01': { en: 'Your account cannot receive this kind of payment (for example a savings account) — please give us a current account.', de: 'Ihr Konto kann diese Art von Zahlung nicht empfangen (zum Beispiel ein Sparkonto) – bitte nennen Sie uns ein Girokonto.' },
  'bankReason.AG02': { en: 'The bank could not process the payment for a technical reason; the studio will send it again.', de: 'Die Bank konnte die Zahlung aus technischen Gründen nicht ausführen; das Studio sendet sie erneut.' },
  'bankReason.AM02': { en: 'The amount is above what the bank allows for one payment; the studio is sorting it out.', de: 'Der Betrag übersteigt das, was die Bank für eine Zahlung zulässt; das Studio klärt das.' },
  'bankReason.AM04': { en: "The studio's account did not cover the payment; the studio will pay again.", de: 'Das Konto des Studios war nicht gedeckt; das Studio zahlt erneut.' },
  'bankReason.AM05': { en: 'The bank saw this payment twice and kept only one.', de: 'Die Bank hat diese Zahlung doppelt erhalten und nur eine ausgeführt.' },
  'bankReason.AM09': { en: 'The amount was not the one expected, so the payment came back; the studio is sorting it out.', de: 'Der Betrag entsprach nicht der Erwartung, daher kam die Zahlung zurück; das Studio klärt das.' },
  'bankReason.BE01': { en: 'Your name does not match the account holder — please check the name and IBAN in your profile.', de: 'Ihr Name passt nicht zum Kontoinhaber – bitte prüfen Sie Name und IBAN in Ihrem Profil.' },
  'bankReason.BE04': { en: 'Your address was missing or incomplete — please complete it in your profile.', de: 'Ihre Anschrift fehlte oder war unvollständig – bitte ergänzen Sie sie in Ihrem Profil.' },
  'bankReason.BE05': { en: 'The bank did not recognise the paying party; the studio is sorting it out.', de: 'Die Bank hat den Auftraggeber nicht erkannt; das Studio klärt das.' },
  'bankReason.CNOR': { en: 'Your bank cannot receive SEPA transfers this way — please give us another IBAN or ask your bank.', de: 'Ihre Bank kann SEPA-Überweisungen auf diesem Weg nicht empfangen – bitte nennen Sie uns eine andere IBAN oder fragen Sie Ihre Bank.' },
  'bankReason.CURR': { en: 'Your account is not in euros — please give us a euro account.', de: 'Ihr Konto wird nicht in Euro geführt – bitte nennen Sie uns ein Euro-Konto.' },
  'bankReason.CUST': { en: 'The payment was stopped at the request of the account holder.', de: 'Die Zahlung wurde auf Wunsch des Kontoinhabers angehalten.' },
  'bankReason.DNOR': { en: "The studio's bank could not send the payment; the studio will pay again.", de: 'Die Bank des Studios konnte die Zahlung nicht senden; das Studio zahlt erneut.' },
  'bankReason.DUPL': { en: 'The payment was sent twice; the second one came back. You have been paid once.', de: 'Die Zahlung wurde doppelt gesendet; die zweite kam zurück. Sie wurden einmal bezahlt.' },
  'bankReason.ERIN': { en: 'The bank could not pass on the payment details; the studio will pay again.', de: 'Die Bank konnte die Zahlungsangaben nicht weitergeben; das Studio zahlt erneut.' },
  'bankReason.FF01': { en: 'The payment file was not accepted by the bank; the studio will send it again.', de: 'Die Zahlungsdatei wurde von der Bank nicht angenommen; das Studio sendet sie erneut.' },
  'bankReason.FOCR': { en: 'The payment was recalled by the studio and has come back.', de: 'Die Zahlung wurde vom Studio zurückgerufen und ist zurückgekommen.' },
  'bankReason.FRAD': { en: 'The bank stopped the payment on suspicion of fraud; the studio is sorting it out.', de: 'Die Bank hat die Zahlung wegen Betrugsverdachts angehalten; das Studio klärt das.' },
  'bankReason.MD07': { en: 'The account holder is reported deceased; the studio will be in touch.', de: 'Der Kontoinhaber ist als verstorben gemeldet; das Studio meldet sich.' },
  'bankReason.MS02': { en: 'The payment was refused by the account holder, without a reason given.', de: 'Die Zahlung wurde vom Kontoinhaber ohne Angabe von Gründen abgelehnt.' },
  'bankReason.MS03': { en: 'The bank refused the payment without giving a reason; the studio is sorting it out.', de: 'Die Bank hat die Zahlung ohne Angabe von Gründen abgelehnt; das Studio klärt das.' },
  'bankReason.NARR': { en: "The bank gave its reason in words (see the bank's note).", de: 'Die Bank hat ihren Grund in Worten angegeben (siehe Hinweis der Bank).' },
  'bankReason.RC01': { en: "The bank's identifier (BIC) was not correct — please check the IBAN and BIC in your profile.", de: 'Die Bankkennung (BIC) war nicht korrekt – bitte prüfen Sie IBAN und BIC in Ihrem Profil.' },
  'bankReason.RR01': { en: "The paying account's details were missing for a legal check; the studio is sorting it out.", de: 'Für eine gesetzliche Prüfung fehlten Angaben zum Auftraggeberkonto; das Studio klärt das.' },
  'bankReason.RR02': { en: "The studio's name or address was missing for a legal check; the studio will pay again.", de: 'Für eine gesetzliche Prüfung fehlten Name oder Anschrift des Studios; das Studio zahlt erneut.' },
  'bankReason.RR03': { en: 'Your name or address was missing for a legal check — please complete your profile.', de: 'Für eine gesetzliche Prüfung fehlten Ihr Name oder Ihre Anschrift – bitte vervollständigen Sie Ihr Profil.' },
  'bankReason.RR04': { en: 'The bank stopped the payment for legal (regulatory) reasons; the studio is sorting it out.', de: 'Die Bank hat die Zahlung aus gesetzlichen (aufsichtsrechtlichen) Gründen angehalten; das Studio klärt das.' },
  'bankReason.SL01': { en: 'Your bank refused the payment under a service agreed with you — please ask your bank.', de: 'Ihre Bank hat die Zahlung aufgrund einer mit Ihnen vereinbarten Leistung abgelehnt – bitte fragen Sie Ihre Bank.' },
  'bankReason.TECH': { en: 'A technical problem at the bank stopped the payment; the studio will send it again.', de: 'Ein technisches Problem bei der Bank hat die Zahlung verhindert; das Studio sendet sie erneut.' },
  'bankReason.TM01': { en: "The payment reached the bank after its cut-off time; the studio will send it again.", de: 'Die Zahlung ist nach Annahmeschluss bei der Bank eingegangen; das Studio sendet sie erneut.' },
  'bankReason.UPAY': { en: 'The payment was not due and has come back.', de: 'Die Zahlung war nicht geschuldet und ist zurückgekommen.' },
  'bankReason.unknown': {
    en: 'The bank sent the payment back (reason code {code}). The studio will check it and be in touch.',
    de: 'Die Bank hat die Zahlung zurückgegeben (Grundschlüssel {code}). Das Studio prüft das und meldet sich.',
  },
  'bankReason.none': {
    en: 'The bank sent the payment back without giving a reason. The studio will check it and be in touch.',
    de: 'Die Bank hat die Zahlung ohne Angabe eines Grundes zurückgegeben. Das Studio prüft das und meldet sich.',
  },
});
