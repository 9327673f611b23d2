import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const moveAssignments: Method = {
  id: 'move-assignments',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('move-assignments is not implemented');
  },
};
