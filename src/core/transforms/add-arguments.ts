import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const addArguments: Method = {
  id: 'add-arguments',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('add-arguments is not implemented');
  },
};
