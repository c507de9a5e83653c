import { SHELL_BOOT_ELEMENT_ID, type ShellBoot } from '@cuota/contracts/shell/boot';

/**
 * What the BFF wrote into this page as it served it (contracts shell/boot.ts). Undefined when
 * the page has none or it cannot be read: the shell then asks the network as before.
 */
export function shellBoot<K extends keyof ShellBoot>(part: K): ShellBoot[K] | undefined {
  const text = document.getElementById(SHELL_BOOT_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as Partial<ShellBoot>)[part];
  } catch {
    return undefined;
  }
}
