// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { ConnectionHealth } from '../connection-health';
import { ConnectionHealthContext } from '../connection-health-context';
import { UnreachableBanner } from './UnreachableBanner';

afterEach(cleanup);

// jsdom has no matchMedia; Mantine's colour scheme reads it.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

function renderBanner(health: ConnectionHealth, onRetry = vi.fn()) {
  render(
    <MantineProvider env="test">
      <ConnectionHealthContext.Provider value={health}>
        <UnreachableBanner onRetry={onRetry} />
      </ConnectionHealthContext.Provider>
    </MantineProvider>,
  );
  return onRetry;
}

describe('UnreachableBanner', () => {
  it('names the unreachable interface until it answers again', () => {
    const health = new ConnectionHealth();
    const onRetry = renderBanner(health);
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => {
      health.reportFailure(new ApiError({ kind: 'unreachable', iface: 'discovery', status: 502, message: 'connect ECONNREFUSED.', path: '/v3/api-key' }));
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Discovery is unreachable.');
    expect(alert.textContent).toContain('connect ECONNREFUSED. What was loaded before');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    act(() => health.reportReachable('discovery'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks of the server when the browser cannot reach it', () => {
    const health = new ConnectionHealth();
    renderBanner(health);
    act(() => {
      health.reportFailure(new ApiError({ kind: 'network', iface: 'search', status: 0, message: 'Failed to fetch', path: '/x' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('The Rights Desk server is unreachable.');
  });
});
