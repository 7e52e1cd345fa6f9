import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { PluginOption } from 'vite';

/** The plugins every build of the web app's configuration shares, its blank peer (first-load budget) included. */
export function sharedPlugins(): PluginOption[] {
  return [react(), tailwindcss()];
}
