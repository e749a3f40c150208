import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { confirm, showError, showSuccess } from '../../../components/feedback.ts';
import { startSso, useSignInOptions } from '../../../screens/AuthCallback/sso.ts';
import { signInMethodsKey, useSignInMethods } from '../../../state/queries/signInMethods.ts';

/**
 * Settings → Security: the person's ways in (issue 41), linking a provider of the server and unlinking one. The
 * server refuses to unlink the last way in (LAST_SIGN_IN_METHOD); the button is not offered then either.
 */
export function SignInMethods() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const options = useSignInOptions();
  const methods = useSignInMethods();
  const [leaving, setLeaving] = useState(false);
  const unlink = useMutation({
    mutationFn: (provider: string) => api('auth/oidc/unlink', { provider }),
    onSuccess: () => {
      showSuccess(t('auth.sso.unlinked'));
      void queryClient.invalidateQueries({ queryKey: signInMethodsKey });
    },
    onError: (error) => showError(error),
  });
  const data = methods.data;
  const linked = new Set(data?.identities.map((i) => i.provider));
  const toLink = options.providers.filter((p) => !linked.has(p.id));
  if (!data || (options.providers.length === 0 && data.identities.length === 0)) return null;
  const ways = data.identities.length + (data.password ? 1 : 0);

  const askUnlink = async (provider: string, label: string) => {
    const ok = await confirm({
      title: t('auth.sso.unlinkConfirm', { label }),
      description: t('auth.sso.unlinkDescription', { label }),
    });
    if (ok) unlink.mutate(provider);
  };
  const link = async (provider: string) => {
    setLeaving(true);
    try {
      await startSso('link', provider);
    } catch (error) {
      showError(error);
      setLeaving(false);
    }
  };

  return (
    <div className="sheet-section" data-testid="sign-in-methods">
      <h3>{t('auth.sso.methods')}</h3>
      <p>{t('auth.sso.methodsIntro')}</p>
      <ul className="sign-in-methods">
        <li data-testid="method-password">
          <strong>{t('auth.sso.passwordMethod')}</strong>
          {!data.password && <span className="muted"> {t('auth.sso.passwordNone')}</span>}
        </li>
        {data.identities.map((i) => (
          <li key={i.provider} data-testid={`method-${i.provider}`}>
            <strong>{i.label}</strong>
            {i.email && <span className="muted"> {i.email}</span>}
            {ways > 1 && (
              <button
                type="button"
                className="btn btn-ghost"
                disabled={unlink.isPending}
                data-testid={`unlink-${i.provider}`}
                onClick={() => void askUnlink(i.provider, i.label)}
              >
                {t('auth.sso.unlink')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {toLink.map((p) => (
        <button
          key={p.id}
          type="button"
          className="btn btn-outline btn-block"
          disabled={leaving}
          data-testid={`link-${p.id}`}
          onClick={() => void link(p.id)}
        >
          {t('auth.sso.link', { label: p.label })}
        </button>
      ))}
    </div>
  );
}
