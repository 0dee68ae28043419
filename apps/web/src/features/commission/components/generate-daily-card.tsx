import { GenerateDailyRequest } from '@cartela/contract';
import { CalendarPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { i18n } from '@/i18n';
import { useContractForm } from '@/lib/form';
import { useFormat } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useGenerateDaily } from '../api/generate-daily';
import { businessDay, yesterday } from '../utils/display';
import { formFailure, TOAST_MS } from '../utils/failure';

/**
 * Generate Daily (decision 053 section 4): one pending payment per commission-share agent owing for games up
 * to a business day that is over. The date starts at yesterday in Addis Ababa; the server alone decides what
 * "over" means (its clock, its time zone) and refuses today or later with a 400 on `date`, shown under the
 * input. Generating a day twice creates nothing new, so the confirmation only says what is about to happen.
 */
export function GenerateDailyCard() {
  const { t } = useTranslation();
  const format = useFormat();
  const generate = useGenerateDaily();
  const [confirming, setConfirming] = useState<string | null>(null);
  const latest = yesterday();
  const form = useContractForm({
    schema: GenerateDailyRequest,
    defaultValues: { date: latest },
    messages: { date: t('commission.generate.dateInvalid') },
  });

  // A refusal waits until the confirmation has closed and given the focus back to its opener: then the
  // message under the date (a 400 on `date`) takes the focus, or the toast shows.
  const [refusal, setRefusal] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!refusal || confirming) return;
    const timer = window.setTimeout(() => {
      setRefusal(null);
      formFailure(form, refusal.error, i18n.t('commission.generate.failed'));
    }, 0);
    return () => window.clearTimeout(timer);
  }, [refusal, confirming, form]);

  const ask = form.handleSubmit(({ date }) => setConfirming(date));

  async function run(date: string) {
    try {
      const result = await generate.mutateAsync({ date });
      setConfirming(null);
      const day = format.date(businessDay(result.date));
      // The server's own words in English (spec: its message is the toast); a translation otherwise.
      const text =
        format.language === 'en' && result.message
          ? result.message
          : result.created > 0
            ? t('commission.generate.done', { count: result.created, date: day })
            : t('commission.generate.none', { date: day });
      notify.success(text, { duration: TOAST_MS.success });
    } catch (error) {
      setConfirming(null);
      setRefusal({ error });
    }
  }

  return (
    <Card className="flex flex-col">
      <form onSubmit={ask} noValidate className="flex flex-1 flex-col">
        <CardHeader>
          <CardTitle>{t('commission.generate.title')}</CardTitle>
          <CardDescription>{t('commission.generate.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex-1">
          <Field
            {...form.field('date')}
            label={t('commission.generate.date')}
            hint={t('commission.generate.dateHint')}
          >
            <Input type="date" max={latest} {...form.input('date')} />
          </Field>
        </CardContent>
        <CardFooter>
          <Button type="submit" loading={generate.isPending} fullWidth className="sm:w-auto">
            {!generate.isPending && <CalendarPlus className="size-4" aria-hidden="true" />}
            {generate.isPending ? t('commission.generate.submitting') : t('commission.generate.submit')}
          </Button>
        </CardFooter>
      </form>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && !generate.isPending && setConfirming(null)}
          title={t('commission.generate.confirmTitle', { date: format.date(businessDay(confirming)) })}
          description={t('commission.generate.confirmBody')}
          confirmLabel={t('commission.generate.confirm')}
          loading={generate.isPending}
          onConfirm={() => void run(confirming)}
        />
      )}
    </Card>
  );
}
