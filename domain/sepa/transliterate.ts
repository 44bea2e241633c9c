// The SEPA character set (EPC "basic Latin" set, which every bank in the scheme must accept):
// a-z A-Z 0-9 / - ? : ( ) . , ' + and space. German banks accept umlauts too, but a file that is
// refused for a trainer's name helps nobody, so names and texts are written in the basic set the
// way Germans write umlauts without them (Müller → Mueller), other accents dropped (José → Jose),
// anything else replaced by a space.

const SPECIAL: Record<string, string> = {
  ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss', ẞ: 'SS',
  æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', å: 'a', Å: 'A',
  ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', þ: 'th', Þ: 'Th', ı: 'i', ħ: 'h', Ħ: 'H',
  '&': '+', '€': 'EUR', '@': '(at)', '_': '-', '‘': "'", '’': "'", '‚': "'", '“': "'", '”': "'", '„': "'", '"': "'", '`': "'", '´': "'",
  '–': '-', '—': '-', '‐': '-', '‑': '-', '[': '(', ']': ')', '{': '(', '}': ')', '<': '(', '>': ')', ';': ',', '!': '.', '#': ' ', '*': ' ', '=': '-',
};

const ALLOWED = /^[A-Za-z0-9/\-?:().,'+ ]$/;

/** `text` in the SEPA basic character set, whitespace collapsed and trimmed. */
export function toSepaText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (ALLOWED.test(char)) {
      out += char;
      continue;
    }
    const special = SPECIAL[char];
    if (special !== undefined) {
      out += special;
      continue;
    }
    const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += [...base].map((c) => (ALLOWED.test(c) ? c : SPECIAL[c] ?? ' ')).join('');
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** SEPA text cut to `max` characters (the XSD's Max70Text, Max140Text …), never ending in a space. */
export function toSepaTextMax(text: string, max: number): string {
  return toSepaText(text).slice(0, max).trimEnd();
}

/** Whether `text` is already a valid SEPA identifier (MsgId, EndToEndId …): basic set, 1–35 characters, no leading '/' or '//'. */
export function isSepaIdentifier(text: string): boolean {
  return /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/.test(text) && !text.startsWith('/') && !text.includes('//') && text.trim() === text;
}
