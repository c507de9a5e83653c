import 'styled-components';

/** Cuota's design tokens. Colours meet WCAG AA contrast on white for text and controls. */
export const theme = {
  colors: {
    text: '#1d2433',
    mutedText: '#525c6e',
    background: '#f5f7fa',
    surface: '#ffffff',
    border: '#d5dae3',
    primary: '#0b5fff',
    primaryText: '#ffffff',
    primaryHover: '#0047d1',
    primarySurface: '#e8effe',
    focus: '#ffb020',
    success: '#116b3a',
    successSurface: '#e3f5ea',
    error: '#b42318',
    errorSurface: '#fdeceb',
    warning: '#8a5300',
    warningSurface: '#fff4dc',
    info: '#1f4fa8',
    infoSurface: '#e6eefc',
    /** Statuses that are neither good nor bad news (canceled, not requested). */
    neutral: '#3d4656',
    neutralSurface: '#eceef2',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    /** Figures line up in columns of amounts. */
    numbers: 'tabular-nums',
  },
  fontSizes: { small: '0.875rem', body: '1rem', large: '1.125rem', title: '1.5rem' },
  radii: { small: '4px', medium: '8px', large: '12px' },
  space: (steps: number) => `${steps * 4}px`,
  shadow: '0 1px 3px rgba(16, 24, 40, 0.12)',
  layout: {
    /** Below this width the dashboard's sidebar folds into a menu button (phones). */
    compactBelow: '768px',
    sidebarWidth: '248px',
    contentMaxWidth: '1200px',
    /** Forms and reading pages are narrower than tables. */
    readingMaxWidth: '720px',
  },
  zIndex: { sticky: 10, overlay: 100, toast: 1000 },
} as const;

export type CuotaTheme = typeof theme;

export type Tone = 'success' | 'error' | 'warning' | 'info' | 'neutral';

/** Media queries for phones (narrower than `layout.compactBelow`) and everything wider. */
export const compact = `@media (max-width: calc(${theme.layout.compactBelow} - 0.02px))`;
export const wide = `@media (min-width: ${theme.layout.compactBelow})`;
/**
 * On paper (issue 23: Inicio and the month close are printed for the accountant): the
 * frame's menus, bars and toasts are for the screen, so only the page in <main> prints.
 */
export const onPaper = '@media print';

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- typing the theme
  export interface DefaultTheme extends CuotaTheme {}
}
