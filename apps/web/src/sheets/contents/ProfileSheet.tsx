import { ProfileView } from '../../components/People/ProfileView.tsx';
import { useSheetStore } from '../store.ts';

/** The profile sheet: the same profile as /profile/{userId}, over the current screen. */
export function ProfileContent({ sheetKey, userId }: { sheetKey: number; userId: string }) {
  return (
    <div className="sheet-body" data-testid="profile-sheet">
      <ProfileView userId={userId} onNavigate={() => useSheetStore.getState().close(sheetKey)} />
    </div>
  );
}
