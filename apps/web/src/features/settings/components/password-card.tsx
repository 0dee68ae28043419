import { PASSWORD_MIN_LENGTH, ProfileUpdateRequest } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useUpdateProfile } from '@/api/profile';
import { Button } from '@/components/ui/button';
import { FormCard } from '@/components/ui/card';
import { PasswordInput } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { i18n } from '@/i18n';
import { useContractForm } from '@/lib/form';
import { notify } from '@/lib/toast';

// The contract's rules for the two passwords, and the form's own: the confirmation must match.
const PasswordForm = z
  .object({
    currentPassword: ProfileUpdateRequest.shape.currentPassword.unwrap(),
    newPassword: ProfileUpdateRequest.shape.newPassword.unwrap(),
    confirmPassword: z.string(),
  })
  .refine((values) => values.confirmPassword === values.newPassword, { path: ['confirmPassword'] });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export interface PasswordCardProps {
  username: string;
  /** After the new password is saved (the page may move on). */
  onChanged?: () => void;
}

/** A new password: the current one, the new one twice. The server answers with a new token, kept at once. */
export function PasswordCard({ username, onChanged }: PasswordCardProps) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useContractForm({
    schema: PasswordForm,
    defaultValues: EMPTY,
    messages: {
      currentPassword: t('settings.profile.currentRequired'),
      newPassword: t('settings.profile.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
      confirmPassword: t('settings.profile.passwordsDiffer'),
    },
  });

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await update.mutateAsync({ currentPassword, newPassword });
      form.reset(EMPTY);
      notify.success(t('settings.profile.updated'));
      onChanged?.();
    } catch (error) {
      // A wrong current password or a refused new one goes under its input, anything else in a toast.
      form.showError(error, i18n.t('settings.profile.updateFailed'));
    }
  });

  return (
    <FormCard
      title={t('settings.profile.changePassword')}
      description={t('settings.profile.changePasswordHint', { min: PASSWORD_MIN_LENGTH })}
      onSubmit={submit}
      contentClassName="grid gap-5 sm:grid-cols-2"
      footer={
        <Button type="submit" loading={update.isPending}>
          {t('settings.profile.updatePassword')}
        </Button>
      }
    >
      {/* Lets password managers tie the new password to the account. */}
      <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
      <Field
        {...form.field('currentPassword')}
        label={t('settings.profile.currentPassword')}
        className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]"
      >
        <PasswordInput autoComplete="current-password" {...form.input('currentPassword')} />
      </Field>
      <Field {...form.field('newPassword')} label={t('settings.profile.newPassword')}>
        <PasswordInput autoComplete="new-password" {...form.input('newPassword')} />
      </Field>
      <Field {...form.field('confirmPassword')} label={t('settings.profile.confirmPassword')}>
        <PasswordInput autoComplete="new-password" {...form.input('confirmPassword')} />
      </Field>
    </FormCard>
  );
}
