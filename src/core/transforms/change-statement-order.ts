import { APPLICABLE, Method } from './method';

// Placeholder until the method lands: finds no site.
export const changeStatementOrder: Method = {
  id: 'change-statement-order',
  category: 'basic',
  description: '',
  support: () => APPLICABLE,
  findSites: () => [],
  apply: () => {
    throw new Error('change-statement-order is not implemented');
  },
};
