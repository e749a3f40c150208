import { useTranslation } from 'react-i18next';
import { useBlockMutation } from '../../state/queries/people.ts';
import { confirm, showError, showSuccess } from '../feedback.ts';
import { fullName } from './format.ts';

type Person = Parameters<typeof fullName>[0] & { userId: string };

/** Block (after a confirmation that says what it does) or unblock a person. They are never told. */
export function BlockButton({ person, blocked }: { person: Person; blocked: boolean }) {
  const { t } = useTranslation();
  const mutation = useBlockMutation();
  const name = fullName(person);

  const toggle = async () => {
    if (!blocked) {
      const ok = await confirm({
        title: t('people.block.confirmTitle', { name }),
        description: t('people.block.confirmText'),
        confirmLabel: t('people.block.action'),
        destructive: true,
      });
      if (!ok) return;
    }
    try {
      await mutation.mutateAsync({ userId: person.userId, block: !blocked });
      showSuccess(t(blocked ? 'people.block.unblocked' : 'people.block.blocked', { name }));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <button
      type="button"
      className="report-link"
      disabled={mutation.isPending}
      onClick={() => void toggle()}
      data-testid={blocked ? 'unblock-person' : 'block-person'}
    >
      {t(blocked ? 'people.block.undo' : 'people.block.action')}
    </button>
  );
}
