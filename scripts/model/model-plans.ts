// `npm run model:plans`: writes each registered machine's QA plan to docs/model/.
import { models } from '../../tests/model/models';
import { writeFiles } from './files';
import { planFiles, planOf } from './plans';

const started = Date.now();
const plans = models.map((model) => planOf(model));
writeFiles(planFiles(plans));
for (const plan of plans) {
  const steps = plan.paths.reduce((count, path) => count + path.steps.length - 1, 0);
  console.log(`${plan.machine}: ${String(plan.paths.length)} paths (${String(steps)} steps) from ${String(plan.generated)} generated`);
}
console.log(`model:plans took ${((Date.now() - started) / 1000).toFixed(1)} s`);
