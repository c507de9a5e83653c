import { createContext } from 'react';

/** What a frame tells the page inside it. */
export interface FrameInfo {
  /** Where the user is (the school's name), for the tab title. */
  place: string | null;
  /**
   * True once the user moved to another page within the frame: the new page's heading
   * takes focus so keyboard and screen-reader users start there. A first load leaves focus
   * alone, so the first Tab still reaches the skip link.
   */
  navigated: boolean;
  /**
   * What the frame keeps fixed at the bottom of a phone's screen (the portal's tab bar), so
   * a bar the page sticks to the bottom sits above it instead of under it.
   */
  compactBottomInset?: string;
}

export const FrameContext = createContext<FrameInfo>({ place: null, navigated: false });
