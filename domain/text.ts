// Text cut to a database column's length. PostgreSQL's varchar(n) counts characters (code points),
// JavaScript's .length counts UTF-16 units: cutting by code points keeps a surrogate pair (an emoji,
// a rare CJK character) whole and uses the column as PostgreSQL measures it.

/** The usual varchar column: subjects, author names, titles. */
export const VARCHAR_LENGTH = 255;

/** `text` as it is when it fits in `max` characters; otherwise cut, ending in an ellipsis, `max` characters in all. */
export function fitLength(text: string, max: number = VARCHAR_LENGTH): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, max - 1).join('').trimEnd()}…`;
}
