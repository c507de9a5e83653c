/** A Markdown table; npm run docs then lets Prettier align it, as it aligns every table. */
export function markdownTable(headers: readonly string[], rows: readonly string[][]): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

export const code = (text: string) => `\`${text}\``;

const start = (name: string) => `<!-- generated: ${name} (npm run docs) -->`;
const end = (name: string) => `<!-- end generated: ${name} -->`;

/** Replaces what sits between a section's two marker comments; refuses a file without them. */
export function replaceSection(text: string, name: string, body: string): string {
  const from = text.indexOf(start(name));
  const to = text.indexOf(end(name));
  if (from < 0 || to < from) throw new Error(`No "${start(name)}" … "${end(name)}" markers.`);
  return `${text.slice(0, from)}${start(name)}\n\n${body}\n\n${text.slice(to)}`;
}
