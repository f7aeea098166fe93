/**
 * A LIKE pattern (ESCAPE '\') matching any text that contains `text` literally: the wildcards % and _ and the escape
 * character itself lose their meaning. One pass over the input, no backtracking.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
