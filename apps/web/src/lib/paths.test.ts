import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, patterns } from './paths';

describe('paths', () => {
  it('builds links that the page patterns match, with the parameter intact', () => {
    expect(matchPath(patterns.gameRoom, paths.gameRoom('g-1/2'))?.params.gameId).toBe('g-1/2');
    expect(matchPath(patterns.gameHistory, paths.gameHistory('abc'))?.params.gameId).toBe('abc');
    expect(matchPath(patterns.agentCoins, paths.agentCoins('a-1'))?.params.agentId).toBe('a-1');
  });
});
