import { useTranslation } from 'react-i18next';
import { useAgents } from '@/api/agents';
import { useAgentCartelas, useMyCartelas, useSystemCartelas } from '@/api/cartelas';
import { usePublicUrl, verifyAddress } from '@/api/public-address';
import { agentsLinks } from '../utils/links';
import { PrintPreview } from './print-preview';

export interface PrintViewProps {
  numbers: readonly number[];
  /** The admin prints an agent's copies (agentId) or the system set; an agent prints its own. */
  admin: boolean;
  agentId: string | null;
}

/** The print preview of the cards of one list: the exact cards games are validated against. */
export function PrintView({ numbers, admin, agentId }: PrintViewProps) {
  const { t } = useTranslation();
  const ofAgent = admin && agentId !== null;
  const system = useSystemCartelas(admin && !ofAgent);
  const agentCards = useAgentCartelas(ofAgent ? agentId : null);
  const mine = useMyCartelas(!admin);
  const agents = useAgents(ofAgent);
  const source = ofAgent ? agentCards : admin ? system : mine;
  const agentName = agents.data?.find((a) => a.id === agentId)?.username;
  const verifyUrl = verifyAddress(usePublicUrl());

  return (
    <PrintPreview
      numbers={numbers}
      cartelas={source.data}
      loading={source.isPending}
      error={source.error}
      onRetry={() => void source.refetch()}
      sourceLabel={
        ofAgent
          ? t('agents.print.ofAgent', { name: agentName ?? '…' })
          : admin
            ? t('agents.print.ofSystem')
            : t('agents.print.ofMine')
      }
      verifyUrl={verifyUrl}
      backTo={ofAgent ? agentsLinks.editor(agentId) : admin ? agentsLinks.cartelas() : agentsLinks.agents()}
    />
  );
}
