// The browser-held Discovery API key, used only when the server holds none. It lives in
// sessionStorage (gone when the tab closes) and never in the bundle or localStorage.
const STORAGE_KEY = 'rights-desk.api-key';

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
const keyListeners = new Set<Listener>();

export function getBrowserApiKey(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setBrowserApiKey(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key.trim());
  keyListeners.forEach((listener) => listener());
}

export function clearBrowserApiKey(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  keyListeners.forEach((listener) => listener());
}

/** Subscribe to sign-in / sign-out changes of the browser key (for useSyncExternalStore). */
export function subscribeBrowserApiKey(listener: Listener): () => void {
  keyListeners.add(listener);
  return () => keyListeners.delete(listener);
}

/** Called by the HTTP layer when Discovery answers 401 to a browser-held key. */
export function notifyUnauthorized(): void {
  unauthorizedListeners.forEach((listener) => listener());
}

export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}
