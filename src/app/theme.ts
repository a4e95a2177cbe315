import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'desk',
  primaryShade: { light: 7, dark: 6 },
  colors: { desk },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, sans-serif',
  headings: { fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, sans-serif', fontWeight: '600' },
  defaultRadius: 'md',
  // Keyboard users see where they are; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  cursorType: 'pointer',
});

/** localStorage key of the chosen colour scheme; public/color-scheme.js reads the same key before first paint. */
export const COLOR_SCHEME_STORAGE_KEY = 'rights-desk.color-scheme';
