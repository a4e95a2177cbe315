// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ExternalLink } from './ExternalLink';

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

describe('ExternalLink', () => {
  it('links http(s) URLs in a new tab without opener or referrer', () => {
    render(
      <MantineProvider>
        <ExternalLink href="https://www.youtube.com/watch?v=abc">Video</ExternalLink>
      </MantineProvider>,
    );
    const link = screen.getByRole('link', { name: 'Video' });
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=abc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders a javascript: URL as inert text', () => {
    const { container } = render(
      <MantineProvider>
        <ExternalLink href="javascript:alert(document.domain)" />
      </MantineProvider>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('javascript:alert(document.domain)').tagName).toBe('SPAN');
    expect(container.querySelector('[href]')).toBeNull();
  });
});
