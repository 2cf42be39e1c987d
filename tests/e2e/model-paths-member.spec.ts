import { describeBrowserPaths } from './model-paths/browser-paths';
import { emailChangePaths } from './model-paths/email-change.paths';
import { memberPaths } from './model-paths/member.paths';
import { switchClientsPaths } from './model-paths/switch-clients.paths';

/**
 * The member group's QA plans (docs/model/<machine>.plan.md) run path by path in Chromium against
 * the real product over the real server: member information, update email and switch clients.
 */
for (const browserPaths of [memberPaths, emailChangePaths, switchClientsPaths]) describeBrowserPaths(browserPaths);
