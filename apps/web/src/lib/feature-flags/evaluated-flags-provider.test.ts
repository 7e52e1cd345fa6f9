import type { EvaluatedFeatureFlag } from '@ecc/contracts';
import { OpenFeature, ProviderEvents } from '@openfeature/web-sdk';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectEvaluatedFlags, EvaluatedFlagsProvider } from './evaluated-flags-provider.ts';
import { evaluatedFeatureFlagsQueryKey } from './feature-flag-queries.ts';

const targeted: EvaluatedFeatureFlag = {
  key: 'ai-assistant',
  value: true,
  variant: 'on',
  reason: 'TARGETING_MATCH',
};

describe('the evaluated flags provider', () => {
  afterEach(async () => {
    await OpenFeature.clearProviders();
  });

  it('answers what the server evaluated, and the default with FLAG_NOT_FOUND for an unknown flag', () => {
    const provider = new EvaluatedFlagsProvider();
    provider.setFlags([targeted, { key: 'beta', value: false, reason: 'DISABLED' }]);
    expect(provider.resolveBooleanEvaluation('ai-assistant', false)).toEqual({
      value: true,
      variant: 'on',
      reason: 'TARGETING_MATCH',
    });
    expect(provider.resolveBooleanEvaluation('beta', true)).toEqual({ value: false, reason: 'DISABLED' });
    expect(provider.resolveBooleanEvaluation('nothing', true)).toMatchObject({
      value: true,
      errorCode: 'FLAG_NOT_FOUND',
    });
    expect(provider.resolveStringEvaluation('ai-assistant', 'x')).toMatchObject({
      value: 'x',
      errorCode: 'TYPE_MISMATCH',
    });
  });

  it('announces a change only when a flag changed', () => {
    const provider = new EvaluatedFlagsProvider();
    const changed = vi.fn();
    provider.events.addHandler(ProviderEvents.ConfigurationChanged, changed);
    provider.setFlags([targeted]);
    provider.setFlags([{ ...targeted }]);
    provider.setFlags([]);
    expect(
      changed.mock.calls.map(([details]) => (details as { flagsChanged: string[] }).flagsChanged),
    ).toEqual([['ai-assistant'], ['ai-assistant']]);
  });

  it('feeds the OpenFeature client from the query cache', async () => {
    const queryClient = new QueryClient();
    const stop = connectEvaluatedFlags(queryClient);
    const client = OpenFeature.getClient();
    expect(client.getBooleanValue('ai-assistant', false)).toBe(false);
    queryClient.setQueryData(evaluatedFeatureFlagsQueryKey, {
      flags: [targeted],
      canManageDefinitions: false,
    });
    await vi.waitFor(() => expect(client.getBooleanValue('ai-assistant', false)).toBe(true));
    expect(client.getBooleanDetails('ai-assistant', false)).toMatchObject({
      reason: 'TARGETING_MATCH',
      variant: 'on',
    });
    queryClient.removeQueries({ queryKey: evaluatedFeatureFlagsQueryKey });
    expect(client.getBooleanValue('ai-assistant', false)).toBe(false);
    stop();
  });
});
