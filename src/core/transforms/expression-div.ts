import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const expressionDiv: Method = {
  id: 'expression-div',
  category: 'arithmetic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('expression-div is not implemented');
  },
};
