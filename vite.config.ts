import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { rightsDeskProxyPlugin } from './src/server/proxy/vite-plugin';

export default defineConfig({
  plugins: [react(), rightsDeskProxyPlugin()],
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 4173, host: '127.0.0.1' },
  // Built files live under /static/: /assets/… are routes of the app (the catalogue's Assets area).
  build: { sourcemap: false, chunkSizeWarningLimit: 900, assetsDir: 'static' },
});
