import { createContext, useContext, useSyncExternalStore } from 'react';
import { connectionHealth, type ConnectionHealth, type ConnectionProblem } from './connection-health';

export const ConnectionHealthContext = createContext<ConnectionHealth>(connectionHealth);

/** The interfaces currently unreachable from this tab. */
export function useConnectionProblems(): readonly ConnectionProblem[] {
  const health = useContext(ConnectionHealthContext);
  return useSyncExternalStore(health.subscribe, health.getSnapshot, health.getSnapshot);
}
