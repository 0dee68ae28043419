import { type Language, PASSWORD_MIN_LENGTH, type SessionUser } from '@cartela/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Input, PasswordInput } from '../../../components/ui/input';
import { Field, fieldDescriptionId } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { applyLanguage, i18n, LANGUAGES } from '../../../i18n';
import { errorText } from '../../../lib/errors';
import { useFormat } from '../../../lib/format';
import { useSession, useUpdateProfile } from '../../../lib/session';
import { notify } from '../../../lib/toast';

function InfoRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
      <dt className="text-sm text-ink-muted sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 text-sm font-medium text-ink">{children}</dd>
    </div>
  );
}

function AccountCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.profile.account')}</CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-line">
          <InfoRow label={t('settings.profile.username')}>{user.username}</InfoRow>
          <InfoRow label={t('settings.profile.role')}>
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone="brand">{t(`roles.${user.role}`)}</Badge>
              <span className="font-normal text-ink-muted">
                {user.role === 'admin' ? t('settings.profile.roleAdmin') : t('settings.profile.roleAgent')}
              </span>
            </span>
          </InfoRow>
          <InfoRow label={t('settings.profile.status')}>
            <Badge tone={user.isActive ? 'success' : 'neutral'}>
              {user.isActive ? t('settings.profile.active') : t('settings.profile.inactive')}
            </Badge>
          </InfoRow>
          <InfoRow label={t('settings.profile.created')}>{format.date(user.createdAt)}</InfoRow>
        </dl>
      </CardContent>
    </Card>
  );
}

function saveErrorText(error: unknown): string {
  return errorText(error, i18n.t('settings.profile.updateFailed'));
}

function PreferencesCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [language, setLanguage] = useState<Language>(user.language);
  const [contact, setContact] = useState(user.contact ?? '');
  const changed = language !== user.language || contact.trim() !== (user.contact ?? '');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed || update.isPending) return;
    const trimmed = contact.trim();
    update.mutate(
      {
        ...(language !== user.language ? { language } : {}),
        ...(trimmed !== (user.contact ?? '') ? { contact: trimmed === '' ? null : trimmed } : {}),
      },
      {
        onSuccess: (data) => {
          setContact(data.user.contact ?? '');
          void applyLanguage(data.user.language).then(() =>
            notify.success(t('settings.profile.updated', { lng: data.user.language })),
          );
        },
        onError: (error) => notify.error(saveErrorText(error)),
      },
    );
  }

  return (
    <Card>
      <form onSubmit={handleSubmit}>
        <CardHeader>
          <CardTitle>{t('settings.profile.preferences')}</CardTitle>
          <CardDescription>{t('settings.profile.preferencesHint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <Field id="profile-language" label={t('settings.profile.language')}>
            <Select
              id="profile-language"
              value={language}
              onChange={(event) => setLanguage(event.target.value as Language)}
            >
              {LANGUAGES.map(({ code, name }) => (
                <option key={code} value={code} lang={code}>
                  {name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="profile-contact" label={t('settings.profile.contact')}>
            <Input
              id="profile-contact"
              type="text"
              inputMode="tel"
              autoComplete="tel"
              maxLength={120}
              placeholder={t('settings.profile.contactPlaceholder')}
              value={contact}
              onChange={(event) => setContact(event.target.value)}
            />
          </Field>
        </CardContent>
        <CardFooter>
          <Button type="submit" loading={update.isPending} disabled={!changed}>
            {update.isPending ? t('settings.profile.saving') : t('settings.profile.save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

interface PasswordFieldProps {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  error?: string;
  className?: string;
}

function PasswordField({ id, label, autoComplete, value, onChange, error, className }: PasswordFieldProps) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      <PasswordInput
        id={id}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldDescriptionId(id) : undefined}
      />
    </Field>
  );
}

interface PasswordErrors {
  current?: string;
  next?: string;
  confirm?: string;
}

function PasswordCard({ username }: { username: string }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});

  function validate(): PasswordErrors {
    const found: PasswordErrors = {};
    if (current === '') found.current = t('settings.profile.currentRequired');
    if (next.length < PASSWORD_MIN_LENGTH) {
      found.next = t('settings.profile.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
    }
    if (confirm !== next) found.confirm = t('settings.profile.passwordsDiffer');
    return found;
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          notify.success(t('settings.profile.updated'));
        },
        onError: (error) => notify.error(saveErrorText(error)),
      },
    );
  }

  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate>
        <CardHeader>
          <CardTitle>{t('settings.profile.changePassword')}</CardTitle>
          <CardDescription>
            {t('settings.profile.changePasswordHint', { min: PASSWORD_MIN_LENGTH })}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {/* Lets password managers tie the new password to the account. */}
          <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
          <PasswordField
            id="profile-current-password"
            label={t('settings.profile.currentPassword')}
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            error={errors.current}
            className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]"
          />
          <PasswordField
            id="profile-new-password"
            label={t('settings.profile.newPassword')}
            autoComplete="new-password"
            value={next}
            onChange={setNext}
            error={errors.next}
          />
          <PasswordField
            id="profile-confirm-password"
            label={t('settings.profile.confirmPassword')}
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
            error={errors.confirm}
          />
        </CardContent>
        <CardFooter>
          <Button type="submit" loading={update.isPending}>
            {t('settings.profile.updatePassword')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** /settings/profile (spec 02 "Settings"): account facts, language and contact, and a new password. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
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
