import { describe, expect, it } from 'vitest';
import { languageModel, stored } from './language.model';
import { namedPaths } from './paths';

describe('language machine', () => {
  it('first applies the language stored on this device', () => {
    const first = namedPaths(languageModel).find(
      (named) => named.variant === languageModel.variants[0]?.name && named.labels[0] === 'The first language is applied',
    );
    expect(first?.path.steps[0]?.state.context).toMatchObject({ requested: stored, language: stored });
  });
});
