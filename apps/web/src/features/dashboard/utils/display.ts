import { weekdayOf } from '@cartela/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { percentText } from '@/lib/percent';

/** The helpers of lib/format plus what the dashboards say: a day with its weekday, a rate ('16.67%'). */
export function useDisplay() {
  const { t } = useTranslation();
  const format = useFormat();
  return {
    ...format,
    /** A business day in full: 'Nov 17, 2025' (or its Ethiopian date). */
    day: (day: string) => format.date(day),
    /** A business day with its weekday (core's calendar), for a chart's tooltip: 'Monday, Nov 17, 2025'. */
    dayTitle: (day: string) => `${t(`dashboard.weekdays.${weekdayOf(day)}`)}, ${format.date(day)}`,
    /** A rate as stored, 12.345 -> '12.345%' (lib/percent.ts). */
    rate: (value: number) => percentText(value, format.number),
  };
}
