import type { CallInput, PrivacyZone } from '@cordata/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** My privacy zones (issue 23, docs/privacy.md). */
export const privacyKeys = { zones: ['privacy', 'zones'] as const };

export function usePrivacyZonesQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...options,
    queryKey: privacyKeys.zones,
    queryFn: () => api('privacy/list-zones'),
    select: (d) => d.zones,
  });
}

function useZoneMutation<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Only others' view of my routes changes (the server trims for them); my own activities stay as they are.
    onSuccess: () => client.invalidateQueries({ queryKey: privacyKeys.zones }),
  });
}

export const useAddZoneMutation = () =>
  useZoneMutation((input: CallInput<'privacy/add-zone'>) => api('privacy/add-zone', input));
export const useRegenerateZoneMutation = () =>
  useZoneMutation((zone: PrivacyZone) => api('privacy/regenerate-zone', { zoneId: zone.zoneId }));
export const useDeleteZoneMutation = () =>
  useZoneMutation((zone: PrivacyZone) => api('privacy/delete-zone', { zoneId: zone.zoneId }));
