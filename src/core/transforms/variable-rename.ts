import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const variableRename: Method = {
  id: 'variable-rename',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('variable-rename is not implemented');
  },
};
