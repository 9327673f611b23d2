import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const divIfElse: Method = {
  id: 'div-if-else',
  category: 'condition',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('div-if-else is not implemented');
  },
};
