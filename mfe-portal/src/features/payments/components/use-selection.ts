import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  EMPTY_SELECTION,
  keepOffered,
  selectEvery,
  toggleItem,
  type FulfillmentItem,
  type FulfillmentSelection,
} from '../utils/fulfillment-selection';
import { loadSelection, saveSelection } from '../utils/selection-storage';

/** The family's selection, kept in session storage and trimmed to what is still offered. */
export function useSelection(offered: FulfillmentItem[] | undefined) {
  const [saved, setSaved] = useState<FulfillmentSelection>(() => loadSelection());
  const selection = useMemo(
    () => (offered ? keepOffered(saved, offered) : saved),
    [saved, offered],
  );
  useEffect(() => saveSelection(selection), [selection]);
  const toggle = useCallback(
    (item: FulfillmentItem) =>
      setSaved((s) => toggleItem(offered ? keepOffered(s, offered) : s, item)),
    [offered],
  );
  const selectAll = useCallback(
    (items: FulfillmentItem[], selected: boolean) =>
      setSaved((s) => selectEvery(offered ? keepOffered(s, offered) : s, items, selected)),
    [offered],
  );
  const clear = useCallback(() => setSaved(EMPTY_SELECTION), []);
  return { selection, toggle, selectAll, clear };
}
