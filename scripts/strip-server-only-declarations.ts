// A Babel plugin for the SPA's build: keeps of each endpoint declaration (`defineEndpoint({...})` in
// contracts/*-endpoints.ts) only what a call needs: its method, path, the answer's schema and
// `changesState`. Who may call it, its request schemas (their valibot checks: trimming,
// normalising, the email pattern) and its texts are for the server and the API's reference; once
// nothing uses them, the bundler leaves them out of the browser's JavaScript. The call to
// defineEndpoint goes too (it returns its argument).
import { keyName } from './strip-machine-descriptions.ts';

const declarationFile = /[\\/]contracts[\\/][^\\/]+-endpoints\.ts$/;
const keptForCalls = new Set(['method', 'path', 'response', 'changesState']);

/** The little of Babel's AST this plugin touches. */
interface Node {
  type: string;
  name?: string;
  value?: unknown;
  computed?: boolean;
  key?: Node;
  properties?: Node[];
}
interface CallPath {
  node: { callee: Node; arguments: Node[] };
  replaceWith(node: Node): void;
}

export default function stripServerOnlyDeclarations() {
  return {
    name: 'strip-server-only-declarations',
    visitor: {
      CallExpression(path: CallPath, state: { filename?: string | null }) {
        if (!declarationFile.test(state.filename ?? '')) return;
        const [declaration] = path.node.arguments;
        if (path.node.callee.type !== 'Identifier' || path.node.callee.name !== 'defineEndpoint' || declaration?.type !== 'ObjectExpression') return;
        declaration.properties = (declaration.properties ?? []).filter((property) => {
          const name = property.type === 'ObjectProperty' && !property.computed ? keyName(property.key) : null;
          return typeof name === 'string' && keptForCalls.has(name);
        });
        // defineEndpoint returns its argument: the object alone is the same, a few bytes shorter.
        path.replaceWith(declaration);
      },
    },
  };
}
