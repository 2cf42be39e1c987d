// `npm run charts`: writes each registered machine's chart (SVG and Mermaid) and the offline page
// docs/charts/index.html, with the QA plans as `npm run model:plans` last wrote them.
import { models } from '../../tests/model/models';
import { readRequirements } from '../../tests/model/requirements';
import { chartFiles } from './charts';
import { root, writeFiles } from './files';
import { committedPlan } from './plans';

const started = Date.now();
const files = await chartFiles(
  models.map((model) => ({ name: model.name, title: model.title, machine: model.machine, plan: committedPlan(root, model.name) })),
  readRequirements(root).requirements,
);
writeFiles(files);
console.log(`charts took ${((Date.now() - started) / 1000).toFixed(1)} s`);
