import type { CSSProperties } from 'react';
import type { MantineColor } from '@mantine/core';
import classes from './Tone.module.css';

/** Class for the text part (a badge's label, a button's label, a line of text) to draw in the tone. */
export const toneClass = classes.tone;

/**
 * The colour's text shades that keep 4.5:1 on its light tint and on the page: its deepest shade
 * darkened further in the light scheme, its palest lightened in the dark one. Set on the element
 * (or an ancestor) of the part that carries toneClass.
 */
export function toneStyle(color: MantineColor): CSSProperties {
  return {
    '--tone-light': `color-mix(in srgb, var(--mantine-color-${color}-9) 62%, black)`,
    '--tone-dark': `color-mix(in srgb, var(--mantine-color-${color}-1) 70%, white)`,
  } as CSSProperties;
}
