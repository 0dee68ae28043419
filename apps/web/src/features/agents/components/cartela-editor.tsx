import type { AssignedCartela } from '@cartela/contract';
import { generateCartela } from '@cartela/core';
import { clsx } from 'clsx';
import { ArrowLeft, Pencil, Plus, Shuffle, Trash2, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAgents } from '@/api/agents';
import { useAgentCartelas, useGenerateAgentCard, useRemoveAgentCartela } from '@/api/cartelas';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ActiveBadge } from '@/components/ui/status-badge';
import { i18n } from '@/i18n';
import { errorText } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { agentsLinks } from '../utils/links';
import { AssignCartelasDialog } from './assign-cartelas-dialog';
import { AutoAssignDialog } from './auto-assign-dialog';
import { CartelasPanel } from './cartelas-panel';
import { EditCardDialog } from './edit-card-dialog';

type Open =
  | { kind: 'assign' | 'autoAssign' }
  | { kind: 'edit'; n: number; card: number[][]; generatedHere?: boolean }
  | { kind: 'generate' | 'remove'; n: number }
  | null;

/**
 * One agent's cartelas, for the admin (product/screens.md#agent-cartela-editor): the agent's own cards,
 * which its games are validated against. Assign, auto-assign, print; per card: edit, new arrangement, remove.
 */
export function CartelaEditor({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const agents = useAgents();
  const cartelas = useAgentCartelas(agentId);
  const generate = useGenerateAgentCard();
  const remove = useRemoveAgentCartela();
  const [open, setOpen] = useState<Open>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const close = () => setOpen(null);

  const agent = agents.data?.find((a) => a.id === agentId);
  const name = agent?.username ?? '';
  const held = new Set((cartelas.data ?? []).map((c) => c.cartelaNumber));

  async function newArrangement(n: number) {
    try {
      await generate.mutateAsync({ agentId, n });
      notify.success(t('agents.editor.generated', { n }));
      close();
      setViewing(n);
    } catch (error) {
      // product/cartelas.md#an-agents-cartelas: when the server cannot generate, a card is made here and the admin
      // may save it.
      notify.error(errorText(error, i18n.t('agents.editor.generateFailed')));
      setOpen({ kind: 'edit', n, card: generateCartela(), generatedHere: true });
    }
  }

  async function removeCartela(n: number) {
    try {
      await remove.mutateAsync({ agentId, n });
      notify.success(t('agents.editor.removed', { n, agent: name }));
      close();
    } catch (error) {
      notify.error(errorText(error, i18n.t('agents.editor.removeFailed')));
    }
  }

  /** The card's view closes, and the chosen action's dialog opens in its place. */
  const cardActions = (cartela: AssignedCartela, closeCard: () => void) => {
    const closeAnd = (next: Open) => () => {
      closeCard();
      setOpen(next);
    };
    const n = cartela.cartelaNumber;
    return (
      <>
        <Button
          variant="outline"
          className="text-danger-700 hover:bg-danger-50 hover:text-danger-700 sm:mr-auto"
          onClick={closeAnd({ kind: 'remove', n })}
          icon={Trash2}
        >
          {t('agents.editor.remove')}
        </Button>
        <Button variant="outline" onClick={closeAnd({ kind: 'generate', n })} icon={Shuffle}>
          {t('agents.editor.generate')}
        </Button>
        <Button onClick={closeAnd({ kind: 'edit', n, card: cartela.bingoCard })} icon={Pencil}>
          {t('agents.editor.edit')}
        </Button>
      </>
    );
  };

  return (
    <>
      <Link
        to={agentsLinks.agents()}
        className={clsx(buttonClasses({ variant: 'ghost', size: 'sm' }), '-ml-3 mb-3')}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('agents.editor.back')}
      </Link>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {agent ? t('agents.editor.title', { name }) : t('agents.editor.titleUnknown')}
          </h1>
          {agent ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Badge tone={agent.financialModel === 'virtual-coin' ? 'coin' : 'brand'}>
                {t(`agents.models.${agent.financialModel}`)}
              </Badge>
              <ActiveBadge active={agent.isActive} texts="agents.list" />
              <span className="text-sm text-ink-muted">{t('agents.editor.subtitle')}</span>
            </div>
          ) : (
            agents.isPending && <Spinner size="sm" className="mt-2 text-brand-600" />
          )}
        </div>
      </header>

      <CartelasPanel
        list={cartelas}
        loadFailed={t('agents.editor.loadFailed')}
        emptyTitle={t('agents.editor.empty', { name })}
        emptyBody={t('agents.editor.emptyBody')}
        printAgentId={agentId}
        patternsOf={() => agent?.winningPatterns}
        patternsLabel={t('agents.editor.agentPatterns')}
        cardActions={cardActions}
        viewing={viewing}
        onView={setViewing}
        toolbar={
          <>
            <Button
              variant="secondary"
              onClick={() => setOpen({ kind: 'autoAssign' })}
              disabled={!cartelas.data}
              icon={Wand2}
            >
              {t('agents.editor.autoAssign')}
            </Button>
            <Button onClick={() => setOpen({ kind: 'assign' })} disabled={!cartelas.data} icon={Plus}>
              {t('agents.editor.assign')}
            </Button>
          </>
        }
      />

      {open?.kind === 'assign' && (
        <AssignCartelasDialog agentId={agentId} agentName={name} held={held} onClose={close} />
      )}
      {open?.kind === 'autoAssign' && <AutoAssignDialog agentId={agentId} agentName={name} onClose={close} />}
      {open?.kind === 'edit' && (
        <EditCardDialog
          agentId={agentId}
          agentName={name}
          cartelaNumber={open.n}
          card={open.card}
          generatedHere={open.generatedHere}
          onClose={close}
          onSaved={() => setViewing(open.n)}
        />
      )}
      {open?.kind === 'generate' && (
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => !isOpen && !generate.isPending && close()}
          title={t('agents.editor.generateTitle', { n: open.n })}
          description={t('agents.editor.generateBody')}
          confirmLabel={t('agents.editor.generate')}
          loading={generate.isPending}
          onConfirm={() => void newArrangement(open.n)}
        />
      )}
      {open?.kind === 'remove' && (
        <ConfirmDialog
          open
          onOpenChange={(isOpen) => !isOpen && !remove.isPending && close()}
          title={t('agents.editor.removeTitle', { n: open.n, agent: name })}
          description={t('agents.editor.removeBody')}
          confirmLabel={t('agents.editor.remove')}
          tone="danger"
          loading={remove.isPending}
          onConfirm={() => void removeCartela(open.n)}
        />
      )}
    </>
  );
}
