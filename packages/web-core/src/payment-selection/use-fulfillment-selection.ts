import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  EMPTY_SELECTION,
  keepOffered,
  selectEvery,
  toggleItem,
  type FulfillmentItem,
  type FulfillmentSelection,
  type SelectionSurface,
} from '@cuota/web-core/payment-selection/fulfillment-selection';
import { loadSelection, saveSelection } from '@cuota/web-core/payment-selection/selection-storage';

/**
 * What is picked to pay, on any surface (portal, store, dashboard): kept in session storage under
 * the spec's keys and trimmed to what is still offered.
 */
export function useFulfillmentSelection(
  offered: FulfillmentItem[] | undefined,
  surface: SelectionSurface = 'portal',
) {
  const [saved, setSaved] = useState<FulfillmentSelection>(() => loadSelection());
  const selection = useMemo(
    () => (offered ? keepOffered(saved, offered) : saved),
    [saved, offered],
  );
  useEffect(() => saveSelection(selection), [selection]);
  const toggle = useCallback(
    (item: FulfillmentItem) =>
      setSaved((s) => toggleItem(offered ? keepOffered(s, offered) : s, item, surface)),
    [offered, surface],
  );
  const selectAll = useCallback(
    (items: FulfillmentItem[], selected: boolean) =>
      setSaved((s) => selectEvery(offered ? keepOffered(s, offered) : s, items, selected)),
    [offered],
  );
  const clear = useCallback(() => setSaved(EMPTY_SELECTION), []);
  return { selection, toggle, selectAll, clear };
}
