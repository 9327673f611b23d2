import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const switchToIf: Method = {
  id: 'switch-to-if',
  category: 'condition',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('switch-to-if is not implemented');
  },
};
