import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../api/client.ts';
import { isWrongPassword } from '../../api/reauthenticate.ts';
import { type StepUpReturn, startSso } from '../../screens/AuthCallback/sso.ts';
import { useSignInMethods } from '../../state/queries/signInMethods.ts';
import { showError } from '../feedback.ts';
import { PasswordAgainField } from './Field.tsx';

/**
 * The proof a sensitive call asks for (deleting the account, the data export): the password entered again, or, for
 * someone who has none (they came in through a provider), a confirmation at a provider they linked, after which the
 * app comes back to `returnTo` and the call goes through within the server's five minutes (issue 41).
 */
export function useStepUp(returnTo: StepUpReturn, texts: { needed: string; wrong: string }) {
  const { t } = useTranslation();
  const methods = useSignInMethods();
  const providers = methods.data?.password === false ? methods.data.identities : null;
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  /** Whether the proof is there to try the call: a typed password, or a provider to have confirmed at. */
  const ready = () => {
    if (providers || password) return true;
    setProblem(texts.needed);
    return false;
  };

  /** Runs the sensitive call with the proof; false when it was refused for the proof (said under the field). */
  async function run(call: () => Promise<unknown>): Promise<boolean> {
    setProblem(null);
    try {
      if (!providers) await api('auth/reauthenticate', { password });
      await call();
      setPassword('');
      return true;
    } catch (e) {
      if (isWrongPassword(e)) setProblem(texts.wrong);
      else if (providers && isApiError(e) && e.code === 'REAUTH_REQUIRED')
        setProblem(t('people.settings.confirmFirst'));
      else showError(e);
      return false;
    }
  }

  const field = (ids: { label: string; passwordTestId: string; reauthTestId: string }) =>
    providers ? (
      <div data-testid={ids.reauthTestId}>
        <p className="muted">{t('people.settings.confirmWith')}</p>
        {providers.map((identity) => (
          <button
            key={identity.provider}
            type="button"
            className="btn btn-outline btn-block"
            data-testid={`${ids.reauthTestId}-${identity.provider}`}
            onClick={() => startSso('reauthenticate', identity.provider, undefined, returnTo).catch(showError)}
          >
            {t('auth.sso.continueWith', { label: identity.label })}
          </button>
        ))}
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    ) : (
      <PasswordAgainField
        label={ids.label}
        value={password}
        onChange={setPassword}
        testId={ids.passwordTestId}
        problem={problem}
      />
    );

  return { ready, run, field };
}
