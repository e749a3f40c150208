import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { uploadFile } from '../../api/upload.ts';

/** The recap of an ended activity (docs/recap.md): who came, the route, the participants' album. */
export const recapKeys = {
  recap: (activityId: string) => ['activity', 'read-recap', activityId] as const,
};

export function useRecapQuery(activityId: string) {
  return useQuery({
    queryKey: recapKeys.recap(activityId),
    queryFn: async () => (await api('activity/read-recap', { activityId })).recap,
    // Photo addresses are signed for about an hour: read again well before they expire.
    refetchInterval: 30 * 60_000,
  });
}

function useAlbumChange<I>(activityId: string, call: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: recapKeys.recap(activityId) }),
  });
}

/** Uploads a photo through the presigned flow, then adds it to the album. */
export const useAddRecapPhotoMutation = (activityId: string, onProgress: (fraction: number) => void) =>
  useAlbumChange(activityId, async (file: File) => {
    const fileUrl = await uploadFile(file, 'RECAP_PHOTO', onProgress);
    return api('activity/add-recap-photo', { activityId, fileUrl });
  });

export const useDeleteRecapPhotoMutation = (activityId: string) =>
  useAlbumChange(activityId, (photoId: string) => api('activity/delete-recap-photo', { activityId, photoId }));
