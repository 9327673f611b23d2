import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const divComposedIf: Method = {
  id: 'div-composed-if',
  category: 'condition',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('div-composed-if is not implemented');
  },
};
