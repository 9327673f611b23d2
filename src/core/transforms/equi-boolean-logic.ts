import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const equiBooleanLogic: Method = {
  id: 'equi-boolean-logic',
  category: 'logic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('equi-boolean-logic is not implemented');
  },
};
