import { paths } from '@/lib/paths';
import { toRanges } from './ranges';

/**
 * The views of /agents, kept in its search parameters so that the back button, a reload and a shared link all
 * work without new entries in the page table (which ships with the sign-in screen): the admin's Cartelas tab,
 * one agent's cartela editor, and the print preview.
 */
export const agentsLinks = {
  agents: () => paths.agents,
  cartelas: () => `${paths.agents}?tab=cartelas`,
  editor: (agentId: string) => `${paths.agents}?${new URLSearchParams({ agent: agentId })}`,
  /** The print preview of these numbers: an agent's copies (agentId), or the system set / one's own. */
  print: (numbers: Iterable<number>, agentId?: string | null) =>
    `${paths.agents}?${new URLSearchParams({ print: toRanges(numbers), ...(agentId ? { agent: agentId } : {}) })}`,
};
