import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.CORDATA_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/release', '/uploads', '/dev'].map((p) => [p, { target: server, ws: p === '/api' }]),
    ),
  },
});
