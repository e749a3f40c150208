import { useEffect, useState } from 'react';
import { config } from '../config.ts';
import { APP_VERSION, isNewerVersion } from '../contract.ts';

export const releaseUrl = (path: 'latest' | 'latest.zip') => `${config.publicUrl}/release/${path}`;

/** The newer bundle version the server offers, or null. Only asked on a native platform. */
export function useNewerVersion(enabled: boolean): string | null {
  const [newer, setNewer] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetch(releaseUrl('latest'))
      .then((res) => (res.ok ? res.text() : ''))
      .then((text) => {
        const version = text.trim();
        if (live && isNewerVersion(version, APP_VERSION)) setNewer(version);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [enabled]);
  return newer;
}
