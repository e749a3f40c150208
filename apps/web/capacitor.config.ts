// Read by the Capacitor CLI (`npx cap add android`, `npx cap sync`); see docs/mobile.md.
const config = {
  appId: 'app.cordata',
  appName: 'Cordata',
  webDir: 'dist',
  plugins: {
    // Self-hosted live updates: the app downloads /release/latest.zip itself (src/native/capacitor.ts).
    CapacitorUpdater: { autoUpdate: false },
  },
};

export default config;
