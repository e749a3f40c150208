import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { uploadFile } from '../../api/upload.ts';
import type { RecordingType } from '../../contract.ts';
import { attendanceKeys } from './attendance.ts';

/** The recap of an ended activity (docs/recap.md): who came, the route, the participants' album. */
export const recapKeys = {
  all: ['activity', 'read-recap'] as const,
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

/**
 * The caller's recording of the activity (docs/recordings.md): the recap changes with it (the lines, the real time),
 * and so does the organiser's tick list (a matching recording suggests "attended").
 */
function useRecordingChange<I>(activityId: string, call: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: attendanceKeys.sheet(activityId) });
      return client.invalidateQueries({ queryKey: recapKeys.recap(activityId) });
    },
  });
}

/**
 * Uploads the file from the watch through the presigned flow, then adds it as the caller's recording. `type` is the
 * one read from the file's name: a phone often gives a .fit or .tcx file no type at all.
 */
export const useAddRecordingMutation = (activityId: string, onProgress: (fraction: number) => void) =>
  useRecordingChange(activityId, async ({ file, type }: { file: File; type: RecordingType }) => {
    const fileUrl = await uploadFile(file, 'RECORDING', onProgress, { contentType: type });
    return api('recording/add', { activityId, fileUrl });
  });

export const useSetRecordingSharedMutation = (activityId: string) =>
  useRecordingChange(activityId, (shared: boolean) => api('recording/set-shared', { activityId, shared }));

export const useDeleteRecordingMutation = (activityId: string) =>
  useRecordingChange(activityId, () => api('recording/delete', { activityId }));
