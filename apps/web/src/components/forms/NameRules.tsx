import { NAME_FORBIDDEN_SYMBOLS } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { NAME_MAX_LENGTH } from '../../contract.ts';
import './forms.css';

/**
 * Under a name field (an activity's, a group's, a person's first and last name): the spec's length rule (§5: at most
 * 20 characters) as a hint, and a live "12/20" that turns red past the limit, counted as the rule counts, without
 * the spaces around the name. The forbidden symbols (± ! @ …) are named only once one is typed, and only those typed:
 * a wall of 32 symbols under every name field told nobody anything.
 */
export function NameRules({ value, id, testId }: { value: string; id?: string; testId?: string }) {
  const { t } = useTranslation();
  const count = value.trim().length;
  const over = count > NAME_MAX_LENGTH;
  const typed = [...new Set([...value].filter((c) => NAME_FORBIDDEN_SYMBOLS.includes(c)))];
  return (
    <div className="name-rules" id={id} data-testid={testId}>
      <span className="field-hint">{t('nameRules.hint', { max: NAME_MAX_LENGTH })}</span>
      <span className={over ? 'name-count over' : 'name-count'} data-testid={testId && `${testId}-count`}>
        <span aria-hidden="true">
          {count}/{NAME_MAX_LENGTH}
        </span>
        <span className="visually-hidden">{t('nameRules.count', { count, max: NAME_MAX_LENGTH })}</span>
      </span>
      {typed.length > 0 && (
        <span className="name-symbols" data-testid={testId && `${testId}-symbols`}>
          {t('nameRules.symbols', { symbols: typed.join(' '), count: typed.length })}
        </span>
      )}
    </div>
  );
}
