import { GroupDetails } from '../../../components/Group/GroupDetails.tsx';
import { useSheetStore } from '../../store.ts';

/** The group sheet (spec §2: `group {id}`). */
export function GroupContent({ sheetKey, id }: { sheetKey: number; id: string }) {
  return (
    <div className="sheet-body" data-testid="group-sheet">
      <GroupDetails groupId={id} onGone={() => useSheetStore.getState().close(sheetKey)} />
    </div>
  );
}
