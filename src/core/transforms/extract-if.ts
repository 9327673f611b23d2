import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const extractIf: Method = {
  id: 'extract-if',
  category: 'decomposition',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('extract-if is not implemented');
  },
};
