/** The text with the LIKE wildcards % and _ and the escape character (ESCAPE '\') made literal, in one pass. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * A LIKE pattern (ESCAPE '\') matching any text that contains `text` literally: the wildcards % and _ and the escape
 * character itself lose their meaning. One pass over the input, no backtracking.
 */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern (ESCAPE '\') matching any text that starts with `text` literally (an index can serve it). */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}
