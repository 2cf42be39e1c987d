// A Babel plugin for the production build: removes the `description` texts and the `meta` objects
// (the requirement ids) from the state machines. They are written for analysts and QA, who read
// them in the charts and plans generated from the source; patients' browsers need not download them.
const machineFile = /[\\/]machines[\\/].+\.machine\.ts$/;
const analystsOnly = new Set(['description', 'meta']);

/** The little of Babel's AST this plugin touches. */
interface PropertyPath {
  node: { computed: boolean; key: { type: string; name?: string; value?: unknown } };
  remove(): void;
}

export default function stripMachineDescriptions() {
  return {
    name: 'strip-machine-descriptions',
    visitor: {
      ObjectProperty(path: PropertyPath, state: { filename?: string | null }) {
        if (!machineFile.test(state.filename ?? '')) return;
        const { key, computed } = path.node;
        const named = key.type === 'Identifier' ? key.name : key.type === 'StringLiteral' ? key.value : null;
        if (!computed && typeof named === 'string' && analystsOnly.has(named)) path.remove();
      },
    },
  };
}
