import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const insertJunkFunction: Method = {
  id: 'insert-junk-function',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('insert-junk-function is not implemented');
  },
};
