import type { CallInput, PrivacyZone } from '@cordata/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** My privacy zones (issue 23, docs/privacy.md). A change trims routes everywhere: activities are read again. */
export const privacyKeys = { zones: ['privacy', 'zones'] as const };

export function usePrivacyZonesQuery() {
  return useQuery({
    queryKey: privacyKeys.zones,
    queryFn: () => api('privacy/list-zones'),
    select: (d) => d.zones,
  });
}

function useZoneMutation<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: privacyKeys.zones });
      // What others see of my activities changed; my own view did not, but the lists refetch cheaply.
      void client.invalidateQueries({ queryKey: ['activity'] });
    },
  });
}

export const useAddZoneMutation = () =>
  useZoneMutation((input: CallInput<'privacy/add-zone'>) => api('privacy/add-zone', input));
export const useRegenerateZoneMutation = () =>
  useZoneMutation((zone: PrivacyZone) => api('privacy/regenerate-zone', { zoneId: zone.zoneId }));
export const useDeleteZoneMutation = () =>
  useZoneMutation((zone: PrivacyZone) => api('privacy/delete-zone', { zoneId: zone.zoneId }));
