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
    focus: '#ffb020',
    success: '#116b3a',
    successSurface: '#e3f5ea',
    error: '#b42318',
    errorSurface: '#fdeceb',
    warning: '#8a5300',
    warningSurface: '#fff4dc',
    info: '#1f4fa8',
    infoSurface: '#e6eefc',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  radii: { small: '4px', medium: '8px', large: '12px' },
  space: (steps: number) => `${steps * 4}px`,
  shadow: '0 1px 3px rgba(16, 24, 40, 0.12)',
} as const;

export type CuotaTheme = typeof theme;

export type Tone = 'success' | 'error' | 'warning' | 'info';

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- typing the theme
  export interface DefaultTheme extends CuotaTheme {}
}
