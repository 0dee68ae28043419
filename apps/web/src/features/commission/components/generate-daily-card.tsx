import { GenerateDailyRequest } from '@cartela/contract';
import { CalendarPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useGenerateDaily } from '@/api/commission';
import { BusinessDateInput } from '@/components/business-date/business-date-input';
import { Button } from '@/components/ui/button';
import { FormCard } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field, fieldDescriptionId } from '@/components/ui/label';
import { i18n } from '@/i18n';
import { useContractForm } from '@/lib/form';
import { businessTimeZoneName, lastDayOver, useFormat } from '@/lib/format';
import { notify } from '@/lib/toast';

/**
 * Generate Daily (decision 053 section 4): one pending payment per commission-share agent owing for games up
 * to a business day that is over. The date starts at yesterday in the server's business time zone (decision
 * 065), and the picker offers no later day; a later day typed is refused under the input before anything is
 * asked. The server still decides (its clock) and refuses today or later with a 400 on `date`, shown there too.
 * Generating a day twice creates nothing new, so the confirmation only says what is about to happen.
 */
export function GenerateDailyCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const generate = useGenerateDaily();
  const [confirming, setConfirming] = useState<string | null>(null);
  const latest = lastDayOver();
  const form = useContractForm({
    // The contract's date, and a day that is over: the server's rule, checked before the confirmation.
    schema: z.strictObject({
      date: z
        .string()
        .refine((date) => GenerateDailyRequest.shape.date.safeParse(date).success, {
          message: t('commission.generate.dateInvalid'),
          abort: true,
        })
        .refine((date) => date <= latest, {
          message: t('commission.generate.notOver', { date: format.date(latest) }),
        }),
    }),
    defaultValues: { date: latest },
  });

  // A refusal waits until the confirmation has closed and given the focus back to its opener: then the
  // message under the date (a 400 on `date`) takes the focus, or the toast shows.
  const [refusal, setRefusal] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!refusal || confirming) return;
    const timer = window.setTimeout(() => {
      setRefusal(null);
      if (!form.errorOnField(refusal.error)) {
        notify.failure(i18n.t('commission.generate.failed'), refusal.error);
      }
    }, 0);
    return () => window.clearTimeout(timer);
  }, [refusal, confirming, form]);

  const ask = form.handleSubmit(({ date }) => setConfirming(date));

  async function run(date: string) {
    try {
      const result = await generate.mutateAsync({ date });
      setConfirming(null);
      // The day as the language writes it (the server's message says it as YYYY-MM-DD).
      const day = format.date(result.date);
      const text =
        result.created > 0
          ? t('commission.generate.done', { count: result.created, date: day })
          : t('commission.generate.none', { date: day });
      notify.success(text);
    } catch (error) {
      setConfirming(null);
      setRefusal({ error });
    }
  }

  return (
    <>
      <FormCard
        className="flex flex-col"
        title={t('commission.generate.title')}
        description={t('commission.generate.description')}
        onSubmit={ask}
        formClassName="flex flex-1 flex-col"
        contentClassName="flex-1"
        footer={
          <Button
            type="submit"
            loading={generate.isPending}
            fullWidth
            className="sm:w-auto"
            icon={CalendarPlus}
          >
            {generate.isPending ? t('commission.generate.submitting') : t('commission.generate.submit')}
          </Button>
        }
      >
        <Field
          {...form.field('date')}
          label={t('commission.generate.date')}
          hint={t('commission.generate.dateHint', { zone: businessTimeZoneName() })}
        >
          <Controller
            control={form.control}
            name="date"
            render={({ field, fieldState }) => (
              <BusinessDateInput
                id={form.field('date').id}
                name={field.name}
                ref={field.ref}
                value={field.value}
                max={latest}
                aria-invalid={fieldState.invalid || undefined}
                aria-describedby={fieldDescriptionId(form.field('date').id)}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </Field>
      </FormCard>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !generate.isPending && setConfirming(null)}
          title={t('commission.generate.confirmTitle', { date: format.date(confirming) })}
          description={t('commission.generate.confirmBody')}
          confirmLabel={t('commission.generate.confirm')}
          loading={generate.isPending}
          onConfirm={() => void run(confirming)}
        />
      )}
    </>
  );
}
