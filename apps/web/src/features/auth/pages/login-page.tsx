import { AlertCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { LanguageSwitch } from '@/components/language-switch';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, PasswordInput } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { applyLanguage } from '@/i18n';
import { errorText } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { homePathFor, startSession, useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { signIn } from '../api/sign-in';
import { HeroCard } from '../components/hero-card';

interface FromState {
  from?: { pathname?: string };
}

/** The unified sign-in screen (product/screens.md#sign-in): one form for admins, agents and super agents. */
export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, isLoading } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const empty = username.trim() === '' || password === '';

  if (isLoading) return <FullPageSpinner />;
  if (user) {
    const from = (location.state as FromState | null)?.from?.pathname;
    const target = from && from !== paths.login && from !== paths.superAgentLogin ? from : homePathFor(user);
    return <Navigate to={target} replace />;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || empty) return;
    setSubmitting(true);
    setError(null);
    try {
      const outcome = await signIn({ username: username.trim(), password });
      switch (outcome.kind) {
        case 'signed-in': {
          // The user's saved language applies from the first screen after sign-in, toast included.
          const language = outcome.user.language;
          await applyLanguage(language);
          startSession(outcome.token, outcome.user);
          notify.auth.success(
            outcome.as === 'super-agent'
              ? t('auth.superAgentLoginSuccess', { lng: language })
              : t('auth.loginSuccess', { lng: language }),
          );
          return; // the redirect above takes over
        }
        case 'error':
          setError(errorText(outcome.error, t('auth.loginFailed')));
          break;
        case 'invalid-credentials':
          setError(t('auth.invalidCredentials'));
          break;
        case 'failed':
          setError(t('auth.loginFailed'));
          break;
        case 'unexpected':
          setError(t('auth.loginFailedRetry'));
          break;
      }
    } catch (caught) {
      console.error('Sign-in failed unexpectedly', caught);
      setError(t('auth.loginFailedRetry'));
    }
    setSubmitting(false);
  }

  return (
    <div className="flex min-h-dvh bg-canvas">
      {/* Wide screens: the product on the left, the form on the right. Phones get the form alone. */}
      <aside className="relative hidden w-[46%] max-w-3xl flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950 p-10 text-white lg:flex xl:p-14">
        <div className="flex items-center gap-3">
          <BrandMark className="size-11 rounded-xl ring-2 ring-white/25" />
          <span className="text-2xl font-bold tracking-tight">{t('common.appName')}</span>
        </div>
        <div className="flex flex-col items-start gap-10">
          <div className="max-w-md">
            <p className="text-3xl leading-tight font-bold xl:text-4xl">{t('auth.heroTitle')}</p>
            <p className="mt-4 text-lg text-brand-100">{t('auth.heroLine')}</p>
          </div>
          <HeroCard />
        </div>
        <p className="text-sm text-brand-200">{t('auth.audience')}</p>
      </aside>

      <div className="relative flex min-w-0 flex-1 flex-col">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-[22rem] bg-gradient-to-b from-brand-100 via-brand-50 to-transparent lg:hidden"
        />
        <header className="relative flex justify-end px-4 pt-4 sm:px-6 sm:pt-6">
          <LanguageSwitch />
        </header>

        <main className="relative flex flex-1 flex-col items-center justify-center px-4 pt-6 pb-10 sm:px-6">
          <div className="w-full max-w-md">
            <div className="mb-8 flex flex-col items-center text-center lg:hidden">
              <BrandMark className="size-14 drop-shadow-sm" />
              <p className="mt-4 text-3xl font-bold tracking-tight text-ink">{t('common.appName')}</p>
              <p className="mt-1 text-base font-medium text-brand-700">{t('common.tagline')}</p>
            </div>

            <Card className="px-5 py-6 shadow-raised sm:px-8 sm:py-8">
              <h1 className="text-xl font-semibold text-ink sm:text-2xl">{t('auth.welcome')}</h1>
              <p className="mt-1 text-sm text-ink-muted">{t('auth.subtitle')}</p>

              {error && (
                <div
                  role="alert"
                  className="mt-5 flex items-start gap-3 rounded-lg border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-700"
                >
                  <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>{error}</span>
                </div>
              )}

              <form className="mt-6 space-y-5" onSubmit={handleSubmit} noValidate>
                <div className="space-y-1.5">
                  <Label htmlFor="login-username">{t('auth.username')}</Label>
                  <Input
                    id="login-username"
                    name="username"
                    autoComplete="username"
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                    placeholder={t('auth.usernamePlaceholder')}
                    value={username}
                    onChange={(event) => setUsername(event.target.value)}
                    disabled={submitting}
                    required
                  />
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="login-password">{t('auth.password')}</Label>
                  <PasswordInput
                    id="login-password"
                    name="password"
                    autoComplete="current-password"
                    placeholder={t('auth.passwordPlaceholder')}
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    disabled={submitting}
                    required
                  />
                </div>
                <Button type="submit" size="lg" fullWidth loading={submitting} disabled={empty}>
                  {submitting ? t('auth.signingIn') : t('auth.signIn')}
                </Button>
              </form>
            </Card>

            <p className="mt-6 text-center text-sm text-ink-muted lg:hidden">{t('auth.audience')}</p>
          </div>
        </main>
      </div>
    </div>
  );
}
