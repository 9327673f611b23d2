import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const divLoop: Method = {
  id: 'div-loop',
  category: 'loop',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('div-loop is not implemented');
  },
};
