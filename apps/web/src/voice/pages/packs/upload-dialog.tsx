import { VOICE_PACK_ZIP_MAX_BYTES, type VoicePackUploadResponse } from '@cartela/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadVoicePack } from '@/api/voice-packs';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field, fieldDescriptionId } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { LANGUAGE_CHOICES, languageName } from './labels';
import { PackFormDialog, packNameError } from './pack-form';
import { UploadReport } from './upload-report';

type Errors = Partial<Record<'name' | 'file', string>>;

/**
 * Upload a zip: name, language and the file; while it goes up and the server checks it, a progress bar; then
 * the report (accepted, missing, rejected with reasons). Mounted open; closing unmounts it.
 */
export function UploadDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const languageId = useId();
  const fileId = useId();
  const upload = useUploadVoicePack();
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<string>('am');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<VoicePackUploadResponse | null>(null);
  const pending = upload.isPending;

  const submit = async () => {
    setFailure(null);
    const next: Errors = {};
    const nameProblem = packNameError(t, name);
    if (nameProblem) next.name = nameProblem;
    if (!file) next.file = t('voicePacks.uploadForm.fileRequired');
    else if (file.size > VOICE_PACK_ZIP_MAX_BYTES) next.file = t('voicePacks.uploadForm.fileTooLarge');
    setErrors(next);
    if (!file || Object.keys(next).length > 0) return;
    try {
      const answer = await upload.mutateAsync({ file, query: { name: name.trim(), language } });
      notify.success(t('voicePacks.uploadForm.done', { name: answer.pack.name }));
      setDone(answer);
    } catch (error) {
      if (error instanceof ApiError && error.field === 'name') {
        setErrors({ name: errorText(error, t('voicePacks.uploadForm.failed')) });
      } else {
        setFailure(errorText(error, t('voicePacks.uploadForm.failed')));
      }
    }
  };

  if (done) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t('voicePacks.report.title', { name: done.pack.name })}
        className="sm:max-w-xl"
        footer={<Button onClick={onClose}>{t('voicePacks.report.close')}</Button>}
      >
        <UploadReport report={done.report} />
      </Dialog>
    );
  }

  return (
    <PackFormDialog
      title={t('voicePacks.uploadForm.title')}
      description={t('voicePacks.uploadForm.description')}
      submitLabel={pending ? t('voicePacks.uploadForm.uploading') : t('voicePacks.uploadForm.submit')}
      pending={pending}
      failure={failure}
      failureTitle={t('voicePacks.uploadForm.failed')}
      name={{
        label: t('voicePacks.uploadForm.name'),
        error: errors.name,
        value: name,
        placeholder: t('voicePacks.uploadForm.namePlaceholder'),
        onChange: (event) => setName(event.target.value),
        disabled: pending,
      }}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field id={languageId} label={t('voicePacks.uploadForm.language')}>
        <Select
          id={languageId}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          disabled={pending}
        >
          {LANGUAGE_CHOICES.map((code) => (
            <option key={code} value={code}>
              {languageName(t, code)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={fileId}
        label={t('voicePacks.uploadForm.file')}
        hint={t('voicePacks.uploadForm.fileHint')}
        error={errors.file}
      >
        <Input
          id={fileId}
          type="file"
          accept=".zip,application/zip,application/x-zip-compressed"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          disabled={pending}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={fieldDescriptionId(fileId)}
        />
      </Field>
      {pending && (
        <div role="status" className="space-y-2">
          {/* No value: the browser's fetch tells nothing of an upload's progress, and the checks follow it. */}
          <progress
            className="h-2 w-full accent-brand-600"
            aria-label={t('voicePacks.uploadForm.uploading')}
          />
          <p className="text-sm text-ink-muted">
            {t('voicePacks.uploadForm.progress', { name: file?.name ?? '' })}
          </p>
        </div>
      )}
    </PackFormDialog>
  );
}
