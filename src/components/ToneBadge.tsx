import { Badge, useComputedColorScheme, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Text in `color` that keeps 4.5:1 on the page and on pale tints: shade 9 in the light scheme, shade 3 in the dark. */
export function useToneColor(color: string): string {
  return useComputedColorScheme('light') === 'dark' ? `${color}.3` : `${color}.9`;
}

/**
 * A light badge whose text stays at 4.5:1 in both schemes: Mantine's light variant writes shade 6
 * on shade 1, which falls below that for teal and blue in the light scheme; shade 9 on shade 0 does not.
 */
export function ToneBadge({ color, children, ...rest }: { color: string; children: ReactNode } & Omit<BadgeProps, 'color' | 'c' | 'variant'>) {
  const dark = useComputedColorScheme('light') === 'dark';
  const text = useToneColor(color);
  return (
    <Badge variant="light" color={color} c={text} bg={dark ? undefined : `${color}.0`} {...rest}>
      {children}
    </Badge>
  );
}
