import { useDebouncedCallback } from '@cuota/web-core/timing/debounce';

/**
 * A SearchForm's callbacks for a search that follows the typing: `search` runs once the keys
 * pause for the default debounce (typed: true; skipped when the text is the search shown,
 * so a space or an undone key keeps the page) and at once on «Buscar» or Enter (typed: false),
 * which drops the typed one still waiting so the same text is not searched twice.
 */
export function useSearchAsYouType(
  shown: string | undefined,
  search: (text: string, typed: boolean) => void,
) {
  const typed = useDebouncedCallback((text: string) => {
    if (text !== (shown ?? '')) search(text, true);
  });
  return {
    onType: typed.call,
    onSearch: (text: string) => {
      typed.cancel();
      search(text, false);
    },
  };
}
