import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const equiArithmetic: Method = {
  id: 'equi-arithmetic',
  category: 'arithmetic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('equi-arithmetic is not implemented');
  },
};
