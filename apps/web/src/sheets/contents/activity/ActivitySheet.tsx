import { ActivityDetails } from '../../../components/Activity/ActivityDetails.tsx';
import { useSheetStore } from '../../store.ts';

/** The activity sheet (spec §2: `activity {id}`). */
export default function ActivitySheet({ sheetKey, id }: { sheetKey: number; id: string }) {
  return (
    <div className="sheet-body" data-testid="activity-sheet">
      <ActivityDetails activityId={id} onGone={() => useSheetStore.getState().close(sheetKey)} />
    </div>
  );
}
