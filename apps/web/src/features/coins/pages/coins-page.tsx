import '../i18n';
import { useParams } from 'react-router';
import { StatementView } from '../components/statement-view';

/** /coins: the signed-in virtual-coin agent's own coin statement. */
export function CoinsPage() {
  return <StatementView />;
}

/** /agents/:agentId/coins: the admin's view of one agent's statement, from the agents table. */
export function AgentCoinsPage() {
  const { agentId = '' } = useParams();
  return <StatementView agentId={agentId} />;
}
