// A Babel plugin for the production build: removes the `description` texts and the `meta` objects
// (the requirement ids) from the state machines. They are written for analysts and QA, who read
// them in the charts and plans generated from the source; patients' browsers need not download them.
// So are the messages of the placeholders' errors (`new Error('checkSession not provided')`): the
// app provides every effect, and a test that forgets one runs the source, message and all.
const machineFile = /[\\/]machines[\\/].+\.machine\.ts$/;
const analystsOnly = new Set(['description', 'meta']);

/** The little of Babel's AST this plugin touches. */
interface Key {
  type: string;
  name?: string;
  value?: unknown;
}
interface PropertyPath {
  node: { computed: boolean; key: Key };
  remove(): void;
}
interface NewPath {
  node: { callee: Key; arguments: { type: string; value?: unknown }[] };
}
interface ObjectPath {
  node: { properties: { type: string; computed?: boolean; key?: Key; value?: { type: string; value?: unknown } }[] };
  parent: { type: string };
  replaceWith(node: unknown): void;
}

/** A property key's name, written bare or quoted; null for another kind of key. */
export const keyName = (key: Key | undefined) => (key?.type === 'Identifier' ? key.name : key?.type === 'StringLiteral' ? key.value : null);

export default function stripMachineDescriptions() {
  return {
    name: 'strip-machine-descriptions',
    visitor: {
      ObjectProperty(path: PropertyPath, state: { filename?: string | null }) {
        if (!machineFile.test(state.filename ?? '')) return;
        const named = keyName(path.node.key);
        if (!path.node.computed && typeof named === 'string' && analystsOnly.has(named)) path.remove();
      },
      NewExpression(path: NewPath, state: { filename?: string | null }) {
        if (!machineFile.test(state.filename ?? '')) return;
        const [message, ...rest] = path.node.arguments;
        if (keyName(path.node.callee) !== 'Error' || rest.length > 0 || message?.type !== 'StringLiteral') return;
        if (typeof message.value === 'string' && message.value.endsWith(' not provided')) path.node.arguments = [];
      },
      ObjectExpression: {
        // What is left of a transition written as an object only to carry those, `{ target: 'x' }`,
        // is XState's shorthand `'x'` again: the build stays as small as before they were added.
        exit(path: ObjectPath, state: { filename?: string | null }) {
          if (!machineFile.test(state.filename ?? '')) return;
          const [only, ...rest] = path.node.properties;
          if (rest.length > 0 || !only || only.type !== 'ObjectProperty' || only.computed || keyName(only.key) !== 'target') return;
          if (only.value?.type !== 'StringLiteral' || (path.parent.type !== 'ObjectProperty' && path.parent.type !== 'ArrayExpression')) return;
          path.replaceWith(only.value);
        },
      },
    },
  };
}
