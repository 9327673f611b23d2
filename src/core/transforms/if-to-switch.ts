import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const ifToSwitch: Method = {
  id: 'if-to-switch',
  category: 'condition',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('if-to-switch is not implemented');
  },
};
