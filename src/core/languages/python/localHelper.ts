import type { LocalHelper } from '../localHelpers';

/** A nested def of the locals, first in the host's body. */
export const localHelper: LocalHelper = (_expr, _host, args, q) => (name, body) => [`def ${name}(${args.join(', ')}):`, `${q.indentUnit}return ${body}`];
