import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const forWhile: Method = {
  id: 'for-while',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('for-while is not implemented');
  },
};
