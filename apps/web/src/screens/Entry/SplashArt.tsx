/**
 * Full-screen splash landscape (public/splash.svg): index.html shows the same image before any
 * script runs, so the first paint does not wait for the app's JavaScript.
 */
export function SplashArt({ label }: { label: string }) {
  return <img className="splash-art" src="/splash.svg" alt={label} />;
}
