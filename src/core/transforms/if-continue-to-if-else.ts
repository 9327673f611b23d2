import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const ifContinueToIfElse: Method = {
  id: 'if-continue-to-if-else',
  category: 'condition',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('if-continue-to-if-else is not implemented');
  },
};
