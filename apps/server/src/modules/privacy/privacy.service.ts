import { randomBytes } from 'node:crypto';
import {
  type CallBody,
  type LatLng,
  PRIVACY_ZONE_OFFSET_SHARE,
  PRIVACY_ZONES_MAX,
  type PrivacyZone,
} from '@cordata/contract';
import { EARTH_RADIUS_METRES } from '@cordata/geo';
import { ApiError } from '../../http/errors.ts';
import type { Changes } from '../shared/changes.ts';
import type { PrivacyRepository, PrivacyZoneRow } from './privacy.repository.ts';

/** A uniform number in [0, 1) from the operating system's generator: an offset must not be predictable. */
export const secureRandom = () => randomBytes(6).readUIntBE(0, 6) / 2 ** 48;

/**
 * The centre of a zone's circle: a point drawn uniformly over the disc of PRIVACY_ZONE_OFFSET_SHARE × radius around
 * the chosen point, so the chosen point is somewhere inside the circle but not at a place its shape gives away.
 */
export function offsetCentre(chosen: LatLng, radiusMetres: number, random: () => number = secureRandom): LatLng {
  const distance = PRIVACY_ZONE_OFFSET_SHARE * radiusMetres * Math.sqrt(random());
  const bearing = 2 * Math.PI * random();
  const degrees = (distance / EARTH_RADIUS_METRES) * (180 / Math.PI);
  const latitude = Math.max(-90, Math.min(90, chosen.latitude + degrees * Math.cos(bearing)));
  const cosine = Math.max(Math.cos((chosen.latitude * Math.PI) / 180), 1e-6);
  let longitude = chosen.longitude + (degrees * Math.sin(bearing)) / cosine;
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;
  return { latitude, longitude };
}

export const toPrivacyZone = (row: PrivacyZoneRow): PrivacyZone => ({
  zoneId: row.id,
  label: row.label,
  latitude: row.latitude,
  longitude: row.longitude,
  radiusMetres: row.radiusMetres,
  chosen: { latitude: row.chosenLatitude, longitude: row.chosenLongitude },
  createdAt: row.createdAt.toISOString(),
});

/** A person's own privacy zones (docs/privacy.md): only they read or change them. */
export function createPrivacyService(deps: {
  repo: PrivacyRepository;
  changes: Pick<Changes, 'run'>;
  random?: () => number;
}) {
  const { repo } = deps;
  const random = deps.random ?? secureRandom;

  return {
    async list(userId: string) {
      return { zones: (await repo.listOf(userId)).map(toPrivacyZone) };
    },

    add(userId: string, body: CallBody<'privacy/add-zone'>) {
      return deps.changes.run(async (tx) => {
        if ((await repo.countLocked(userId, tx)) >= PRIVACY_ZONES_MAX) throw new ApiError('PRIVACY_ZONES_LIMIT');
        const chosen = { latitude: body.latitude, longitude: body.longitude };
        const row = await repo.insert(
          {
            userId,
            label: body.label || null,
            chosenLatitude: chosen.latitude,
            chosenLongitude: chosen.longitude,
            radiusMetres: body.radiusMetres,
            ...offsetCentre(chosen, body.radiusMetres, random),
          },
          tx,
        );
        return { zone: toPrivacyZone(row) };
      });
    },

    regenerate(userId: string, zoneId: string) {
      return deps.changes.run(async (tx) => {
        const zone = await repo.findOwn(zoneId, userId, tx);
        if (!zone) throw new ApiError('PRIVACY_ZONE_NOT_FOUND');
        const chosen = { latitude: zone.chosenLatitude, longitude: zone.chosenLongitude };
        const row = await repo.moveCentre(zone.id, offsetCentre(chosen, zone.radiusMetres, random), tx);
        if (!row) throw new ApiError('PRIVACY_ZONE_NOT_FOUND');
        return { zone: toPrivacyZone(row) };
      });
    },

    remove(userId: string, zoneId: string) {
      return deps.changes.run(async (tx) => {
        if (!(await repo.deleteOwn(zoneId, userId, tx))) throw new ApiError('PRIVACY_ZONE_NOT_FOUND');
        return { ok: true as const };
      });
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
