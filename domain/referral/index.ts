// The referral programme (trainer portal 2 "Referral page", 9): a personal code per trainer account,
// readable aloud and typed by hand, and the campaign's last day.

/** No 0/O, 1/I/L: the code is read out and typed. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** `ANNA-7KQ2`: up to 8 letters of the first name (A–Z after removing accents) and 4 random characters. */
export function recommendationCodeFrom(firstname: string, random: Uint8Array): string {
  const name = firstname
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'SS')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 8);
  const suffix = Array.from(random.slice(0, 4), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${name || 'TRAINER'}-${suffix}`;
}

/** The campaign runs through its last day (YYYY-MM-DD), in Berlin time. */
export function isCampaignActive(lastDay: string, now: Date): boolean {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return today <= lastDay;
}

/** The spec's campaign end (trainer portal 9: 'runs until 31.12.2025'), unless REFERRAL_CAMPAIGN_END says otherwise. */
export const DEFAULT_REFERRAL_CAMPAIGN_END = '2025-12-31';
