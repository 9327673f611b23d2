import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const checkArguments: Method = {
  id: 'check-arguments',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('check-arguments is not implemented');
  },
};
