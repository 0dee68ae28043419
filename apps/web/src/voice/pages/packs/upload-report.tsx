import { VOICE_MIN_BYTES, type VoicePackReport } from '@cartela/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { useFormat } from '@/lib/format';

/** What the server made of an uploaded zip: how many files it accepted, what is missing, what it rejected and why. */
export function UploadReport({ report }: { report: VoicePackReport }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="space-y-4">
      <Alert tone="success" role="status">
        {t('voicePacks.report.accepted', {
          count: report.accepted.length,
          formattedCount: format.number(report.accepted.length),
        })}
      </Alert>
      {report.missing.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('voicePacks.report.missingNone')}</p>
      ) : (
        <section aria-labelledby="voice-pack-missing" className="space-y-1">
          <h3 id="voice-pack-missing" className="text-sm font-semibold text-ink">
            {t('voicePacks.report.missing', { count: report.missing.length })}
          </h3>
          <p className="text-sm text-ink-muted">{t('voicePacks.report.missingHint')}</p>
          <ul className="list-inside list-disc font-mono text-xs text-ink">
            {report.missing.map((path) => (
              <li key={path}>{path}</li>
            ))}
          </ul>
        </section>
      )}
      {report.rejected.length > 0 && (
        <section aria-labelledby="voice-pack-rejected" className="space-y-1">
          <h3 id="voice-pack-rejected" className="text-sm font-semibold text-ink">
            {t('voicePacks.report.rejected', { count: report.rejected.length })}
          </h3>
          <ul className="max-h-48 space-y-1 overflow-y-auto text-xs">
            {report.rejected.map((r) => (
              <li key={`${r.path}:${r.code}`}>
                <span className="font-mono text-ink">{r.path}</span>
                <span className="text-ink-muted">
                  :{' '}
                  {t(`voicePacks.report.reasons.${r.code}`, {
                    bytes: format.number(r.bytes ?? 0),
                    min: format.number(VOICE_MIN_BYTES),
                    defaultValue: r.reason,
                  })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
