/**
 * An ILIKE pattern for text containing what staff typed, matched literally: `%`, `_` and `\`
 * are escaped, so a search for «50%» is not a wildcard.
 */
export const containing = (typed: string) => `%${typed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
