/** "mariana@gmail.com" → "ma•••@gmail.com": enough to recognise, not enough to harvest. */
export function emailHint(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  const shown = local.length > 2 ? local.slice(0, 2) : local.slice(0, 1);
  return `${shown}•••${email.slice(at)}`;
}
