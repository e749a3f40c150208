import type { UserSummary } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { useOpenDirectChatMutation } from '../../state/queries/chat.ts';
import { showError } from '../feedback.ts';
import { fullName } from './format.ts';

/** "Message": opens the direct chat with a contact in the chat sheet. */
export function MessageButton({ person, compact = false }: { person: UserSummary; compact?: boolean }) {
  const { t } = useTranslation();
  const open = useOpenDirectChatMutation();
  return (
    <button
      type="button"
      className={`btn btn-blue${compact ? ' btn-small' : ''}`}
      disabled={open.isPending}
      aria-label={t('chat.messageTo', { name: fullName(person) })}
      data-testid={`message-${person.userId}`}
      onClick={() => open.mutate(person.userId, { onError: (error) => showError(error) })}
    >
      {t('chat.message')}
    </button>
  );
}
