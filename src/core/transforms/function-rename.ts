import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const functionRename: Method = {
  id: 'function-rename',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('function-rename is not implemented');
  },
};
