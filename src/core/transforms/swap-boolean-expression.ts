import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const swapBooleanExpression: Method = {
  id: 'swap-boolean-expression',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('swap-boolean-expression is not implemented');
  },
};
