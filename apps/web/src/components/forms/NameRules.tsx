import { NAME_FORBIDDEN_SYMBOLS } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { NAME_MAX_LENGTH } from '../../contract.ts';
import './forms.css';

/** The symbols a name may not contain, spaced out to be readable: "± ! @ … =". */
const symbols = [...NAME_FORBIDDEN_SYMBOLS].join(' ');

/**
 * Under a name field (an activity's, a group's, a person's first and last name): the spec's rule (§5: 2 to 20
 * characters, none of ± ! @ …) as a hint, and a live "12/20" that turns red past the limit. It counts as the
 * rule does, without the spaces around the name.
 */
export function NameRules({ value, id, testId }: { value: string; id?: string; testId?: string }) {
  const { t } = useTranslation();
  const count = value.trim().length;
  const over = count > NAME_MAX_LENGTH;
  return (
    <div className="name-rules" id={id} data-testid={testId}>
      <span className="field-hint">{t('nameRules.hint', { max: NAME_MAX_LENGTH, symbols })}</span>
      <span className={over ? 'name-count over' : 'name-count'} data-testid={testId && `${testId}-count`}>
        <span aria-hidden="true">
          {count}/{NAME_MAX_LENGTH}
        </span>
        <span className="visually-hidden">{t('nameRules.count', { count, max: NAME_MAX_LENGTH })}</span>
      </span>
    </div>
  );
}
