import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const addException: Method = {
  id: 'add-exception',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('add-exception is not implemented');
  },
};
