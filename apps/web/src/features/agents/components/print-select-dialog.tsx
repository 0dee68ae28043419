import { Printer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { agentsLinks } from '../utils/links';
import { CARDS_PER_PAGE } from '../utils/ranges';
import { NumberPicker } from './number-picker';

export interface PrintSelectDialogProps {
  /** The cartela numbers that can be printed (the list being shown), ascending. */
  options: readonly number[];
  /** Print this agent's copies (the admin's editor); none: the system set, or an agent's own. */
  agentId?: string | null;
  onClose: () => void;
}

/** Choose the cartelas to print (all, a range, or one by one), then see them four to a page. */
export function PrintSelectDialog({ options, agentId, onClose }: PrintSelectDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const pages = Math.ceil(selected.size / CARDS_PER_PAGE);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('agents.print.selectTitle')}
      description={t('agents.print.selectDescription', { perPage: CARDS_PER_PAGE })}
      className="sm:max-w-2xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={selected.size === 0}
            onClick={() => void navigate(agentsLinks.print(selected, agentId))}
            icon={Printer}
          >
            {t('agents.print.preview', { count: pages })}
          </Button>
        </>
      }
    >
      <NumberPicker options={options} selected={selected} onChange={setSelected} />
    </Dialog>
  );
}
