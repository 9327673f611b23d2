import { javascript, JS_BUILTINS, JS_KEYWORDS, JS_PROTOCOL } from '../javascript/profile';
import type { LanguageProfile } from '../languageProfile';
import { blocks } from './blocks';
import { expressions } from './expressions';
import { helpers } from './helpers';
import { identity } from './identity';
import { spelling } from './spelling';
import { parameters } from './parameters';
import { codecrash } from './codecrash';
import { toolchain } from './toolchain';
import { switches } from './switches';
import { variables } from './variables';
import { unionOf, words } from '../words';

/** TypeScript's keywords beyond JavaScript's (its types and type operators). */
const TS_KEYWORDS = `any unknown never number string boolean symbol bigint object type namespace declare readonly abstract as is
  keyof infer satisfies asserts unique override accessor`;

const KEYWORDS = words(JS_KEYWORDS, TS_KEYWORDS);
const BUILTINS = words(JS_BUILTINS);

/** TypeScript is JavaScript's profile with its own name, files, class kinds, keywords, narrowing types and definite-assignment checks (its helpers are JavaScript's, typed). */
export const typescript: LanguageProfile & { id: 'typescript' } = {
  ...javascript,
  id: 'typescript',
  ...identity,
  containerTypes: [...javascript.containerTypes, 'abstract_class_declaration'],
  reservedNames: { keywords: KEYWORDS, builtins: BUILTINS, protocol: words(JS_PROTOCOL) },
  reserved: unionOf(KEYWORDS, BUILTINS),
  narrowsOnTests: true,
  definiteAssignment: true,
  blocks,
  spelling,
  switches,
  helpers,
  expressions,
  variables,
  parameters,
  codecrash,
  toolchain,
};
