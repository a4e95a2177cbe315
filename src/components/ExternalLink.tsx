import type { ReactNode } from 'react';
import { Anchor, Text } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import { safeHttpUrl } from '../lib/safe-url';

type ExternalLinkProps = {
  /** Untrusted URL; becomes a link only when it is http or https. */
  href: string | null | undefined;
  /** What to show; defaults to the URL itself (as text). */
  children?: ReactNode;
  size?: MantineSize;
  lineClamp?: number;
  className?: string;
  /** Accessible name when the visible text is not enough. */
  'aria-label'?: string;
};

/**
 * A link to somewhere outside Rights Desk that opens in a new tab without handing it our window.
 * Anything that is not an http(s) URL (javascript:, data:, relative paths, garbage) renders as plain
 * text, so a hostile URL from a platform can never run in the dashboard.
 */
export function ExternalLink({ href, children, size, lineClamp, className, 'aria-label': ariaLabel }: ExternalLinkProps) {
  const safe = safeHttpUrl(href);
  const content = children ?? href ?? '';
  if (!safe) {
    return (
      <Text component="span" size={size} lineClamp={lineClamp} className={className} data-unsafe-url={href ? 'true' : undefined}>
        {content}
      </Text>
    );
  }
  return (
    <Anchor
      href={safe}
      target="_blank"
      rel="noopener noreferrer"
      size={size}
      lineClamp={lineClamp}
      className={className}
      aria-label={ariaLabel}
    >
      {content}
    </Anchor>
  );
}
