import './i18n';
import { Volume2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { useSession } from '@/lib/session';
import { VoicePackCard } from './voice-pack-card';

/** /settings/voice (issue 9): the agent's voice pack, its loading and a preview. */
export function VoiceSettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <section aria-labelledby="voice-settings-title" className="space-y-6">
      <h2 id="voice-settings-title" className="sr-only">
        {t('voiceChoice.settings.title')}
      </h2>
      {user.role === 'agent' ? (
        <VoicePackCard />
      ) : (
        <EmptyState
          icon={Volume2}
          title={t('voiceChoice.settings.notApplicableTitle')}
          description={t('voiceChoice.settings.notApplicableBody')}
        />
      )}
    </section>
  );
}
