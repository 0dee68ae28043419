import { VoicePackUploadQuery } from '@cartela/contract';
import type { TFunction } from 'i18next';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Dialog, FormButtons } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field, fieldDescriptionId } from '@/components/ui/label';

/** What is wrong with a pack's name by the contract's rule (one rule for an upload and an edit), or null. */
export function packNameError(t: TFunction, name: string): string | null {
  if (VoicePackUploadQuery.shape.name.safeParse(name).success) return null;
  return name.trim() ? t('voicePacks.uploadForm.nameTooLong') : t('voicePacks.uploadForm.nameRequired');
}

type NameInput = Pick<ComponentProps<'input'>, 'value' | 'onChange' | 'placeholder' | 'disabled'> & {
  label: string;
  error: string | null | undefined;
};

interface PackFormDialogProps {
  title: string;
  description: string;
  /** The submit button's text (its 'in progress' text while pending). */
  submitLabel: string;
  pending: boolean;
  /** The server's refusal, shown above the fields under `failureTitle`. */
  failure: string | null;
  failureTitle: string;
  /** The pack's name: the first field of both forms. */
  name: NameInput;
  onSubmit: () => void;
  onClose: () => void;
  /** The form's other fields, below the name. */
  children: ReactNode;
}

/**
 * The upload's and the edit's dialog: a form with the server's refusal on top, the pack's name, then the rest.
 * Mounted open; it closes on request unless a submit is pending.
 */
export function PackFormDialog({
  title,
  description,
  submitLabel,
  pending,
  failure,
  failureTitle,
  name: { label, error, ...input },
  onSubmit,
  onClose,
  children,
}: PackFormDialogProps) {
  const formId = useId();
  const nameId = useId();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={title}
      description={description}
      className="sm:max-w-xl"
      footer={
        <FormButtons form={formId} pending={pending} onCancel={onClose}>
          {submitLabel}
        </FormButtons>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        className="space-y-4"
      >
        {failure && (
          <Alert role="alert" title={failureTitle}>
            {failure}
          </Alert>
        )}
        <Field id={nameId} label={label} error={error}>
          <Input
            id={nameId}
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fieldDescriptionId(nameId) : undefined}
            {...input}
          />
        </Field>
        {children}
      </form>
    </Dialog>
  );
}
