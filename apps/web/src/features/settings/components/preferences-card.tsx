import { ProfileUpdateRequest, type SessionUser } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useUpdateProfile } from '@/api/profile';
import { Button } from '@/components/ui/button';
import { FormCard } from '@/components/ui/card';
import { ContactInput } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { applyLanguage, i18n, LANGUAGES } from '@/i18n';
import { useContractForm } from '@/lib/form';
import { notify } from '@/lib/toast';

// The contract's own rules for these fields (contact: trimmed, at most 120 characters).
const PreferencesForm = z.object({
  language: ProfileUpdateRequest.shape.language.unwrap(),
  contact: ProfileUpdateRequest.shape.contact.unwrap().unwrap(),
});

/** Language and contact, saved together with "Save changes"; only what changed is sent. */
export function PreferencesCard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useContractForm({
    schema: PreferencesForm,
    defaultValues: { language: user.language, contact: user.contact ?? '' },
  });
  const [language, contact] = form.watch(['language', 'contact']);
  const changed = language !== user.language || contact.trim() !== (user.contact ?? '');

  const submit = form.handleSubmit(async (values) => {
    try {
      const data = await update.mutateAsync({
        ...(values.language !== user.language ? { language: values.language } : {}),
        ...(values.contact !== (user.contact ?? '') ? { contact: values.contact || null } : {}),
      });
      // The interface follows the saved language, and says so in it.
      await applyLanguage(data.user.language);
      notify.success(t('settings.profile.updated', { lng: data.user.language }));
    } catch (error) {
      form.showError(error, i18n.t('settings.profile.updateFailed'));
    }
  });

  return (
    <FormCard
      title={t('settings.profile.preferences')}
      description={t('settings.profile.preferencesHint')}
      onSubmit={submit}
      contentClassName="grid gap-5 sm:grid-cols-2"
      footer={
        <Button type="submit" loading={update.isPending} disabled={!changed}>
          {update.isPending ? t('settings.profile.saving') : t('settings.profile.save')}
        </Button>
      }
    >
      <Field {...form.field('language')} label={t('settings.profile.language')}>
        <Select {...form.input('language')}>
          {LANGUAGES.map(({ code, name }) => (
            <option key={code} value={code} lang={code}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
      <Field {...form.field('contact')} label={t('settings.profile.contact')}>
        <ContactInput
          autoComplete="tel"
          placeholder={t('settings.profile.contactPlaceholder')}
          {...form.input('contact')}
        />
      </Field>
    </FormCard>
  );
}
