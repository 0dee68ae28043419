import '../i18n';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePathFor, useSession } from '@/lib/session';
import { AccountCard } from '../components/account-card';
import { PasswordCard } from '../components/password-card';
import { PreferencesCard } from '../components/preferences-card';

/** Shown while the account still has its published demo password: nothing else opens until it is replaced. */
function ChooseOwnPasswordNotice() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex items-start gap-4 rounded-xl border border-warning-500/60 bg-warning-50 p-4 shadow-card sm:p-5"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-warning-500/25 text-warning-800">
        <KeyRound className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-base font-semibold text-ink">{t('settings.profile.mustChangeTitle')}</p>
        <p className="mt-1 text-sm text-ink">{t('settings.profile.mustChangeBody')}</p>
      </div>
    </div>
  );
}

/** /settings/profile (product/screens.md#profile): account facts, language and contact, and a new password. */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  if (!user) return null;

  if (user.mustChangePassword) {
    // The one thing left to do comes first; once done, the user goes on to their own home page.
    return (
      <section aria-labelledby="profile-title" className="space-y-6">
        <h2 id="profile-title" className="sr-only">
          {t('settings.profileNav')}
        </h2>
        <ChooseOwnPasswordNotice />
        <PasswordCard
          username={user.username}
          onChanged={() => void navigate(homePathFor(user), { replace: true })}
        />
        <AccountCard user={user} />
      </section>
    );
  }

  return (
    <section aria-labelledby="profile-title" className="space-y-6">
      <h2 id="profile-title" className="sr-only">
        {t('settings.profileNav')}
      </h2>
      <AccountCard user={user} />
      {/* Re-mount when the saved values change elsewhere (the nav's language switch). */}
      <PreferencesCard key={`${user.language}:${user.contact ?? ''}`} user={user} />
      <PasswordCard username={user.username} />
    </section>
  );
}
