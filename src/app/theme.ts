import { Modal, Notification, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A calm slate-blue. Shades 6–9 keep white text above 4.5:1; shade 4 (links in dark mode) stays
// above 4.5:1 on the dark body colour.
const desk: MantineColorsTuple = [
  '#eef3fb',
  '#dbe4f3',
  '#b8cbea',
  '#93b0df',
  '#7096d4',
  '#5480c9',
  '#3f6db8',
  '#315aa0',
  '#284f8f',
  '#1b437e',
];

// Mantine's red is bright enough that white text on red buttons and red error text on white fall
// below 4.5:1; these shades 6–9 are deeper so destructive buttons and errors stay legible.
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#f45c5c',
  '#d62828',
  '#c02323',
  '#a61e1e',
  '#8c1a1a',
];

export const theme = createTheme({
  primaryColor: 'desk',
  primaryShade: { light: 7, dark: 6 },
  colors: { desk, red },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, sans-serif', fontWeight: '600' },
  defaultRadius: 'md',
  // Keyboard users see where they are; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    // Mantine's close buttons have no accessible name of their own.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    // The date fields' clear button has no accessible name either (a plain object: no @mantine/dates in the entry).
    DateInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear date' } } },
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      // Under a title Mantine greys the message to about 3:1; the dimmed colour below keeps 4.5:1.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

/**
 * Secondary ("dimmed") text and error text at 4.5:1 or better on the body and the page background
 * in both schemes; Mantine's defaults sit between 3:1 and 4:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6670',
    '--mantine-color-error': 'var(--mantine-color-red-7)',
  },
  dark: {
    '--mantine-color-dimmed': '#a3a3a3',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});

/** localStorage key of the chosen colour scheme; public/color-scheme.js reads the same key before first paint. */
export const COLOR_SCHEME_STORAGE_KEY = 'rights-desk.color-scheme';
