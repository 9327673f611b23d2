import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const extractArithmetic: Method = {
  id: 'extract-arithmetic',
  category: 'decomposition',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('extract-arithmetic is not implemented');
  },
};
