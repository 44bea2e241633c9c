// Text put into HTML: the server-rendered pages (the public site's prerender, the settlement preview
// tables) and the e-mails the worker and the api send. Every character that could open markup or
// close an attribute is escaped, the apostrophe too, so a value is safe in text and in any quoted
// attribute alike. One module for the api, the worker and the browser bundle: all may import domain/.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (a name, a title, a URL) as HTML text or as a quoted attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** Typed text for an e-mail's HTML part: escaped, each line break (\n, \r\n or \r) kept as <br>. */
export const escapeHtmlLines = (text: string): string => escapeHtml(text).replace(/\r\n?|\n/g, '<br>');
