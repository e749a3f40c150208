/** What the sky does in an hour, from its WMO weather code (Open-Meteo's `weather_code`). */
export type WeatherSky = 'CLEAR' | 'CLOUDY' | 'FOG' | 'DRIZZLE' | 'RAIN' | 'SNOW' | 'THUNDER' | 'UNKNOWN';

export function weatherSky(code: number | null): WeatherSky {
  if (code === null) return 'UNKNOWN';
  if (code <= 1) return 'CLEAR';
  if (code <= 3) return 'CLOUDY';
  if (code === 45 || code === 48) return 'FOG';
  if (code >= 51 && code <= 57) return 'DRIZZLE';
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'RAIN';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'SNOW';
  if (code >= 95 && code <= 99) return 'THUNDER';
  return 'UNKNOWN';
}
