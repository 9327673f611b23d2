import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const modifyOperations: Method = {
  id: 'modify-operations',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('modify-operations is not implemented');
  },
};
