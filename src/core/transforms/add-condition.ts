import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const addCondition: Method = {
  id: 'add-condition',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('add-condition is not implemented');
  },
};
