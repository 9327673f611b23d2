import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const statementWrapping: Method = {
  id: 'statement-wrapping',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('statement-wrapping is not implemented');
  },
};
